import { useState } from 'react';
import { stripProtocolPrefix } from '../../domain/account/profile';
import { nameInitials } from '../../domain/shared/formats';
import { usePicture } from './apps/assets';

export interface UserAvatarProps {
  name?: string | null;
  image?: string | null;
  size?: number;
  className?: string;
}

/**
 * A round avatar: the image when there is one that loads, else the last two characters
 * of the name on the brand colour (SPEC point 9).
 */
export function UserAvatar({ name, image, size = 36, className }: UserAvatarProps) {
  const [broken, setBroken] = useState(false);
  const src = usePicture()(stripProtocolPrefix(image));
  const initials = nameInitials(name);
  const style = { width: size, height: size, fontSize: Math.max(11, Math.round(size * 0.36)) };
  const cls = `cw-avatar${className ? ` ${className}` : ''}`;
  if (src && !broken) {
    return <img className={cls} style={style} src={src} alt={name ?? ''} onError={() => setBroken(true)} />;
  }
  return (
    <span className={`${cls} cw-avatar--text`} style={style} aria-label={name ?? ''} role="img">
      {initials}
    </span>
  );
}
