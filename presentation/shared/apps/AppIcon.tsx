import { AppstoreOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { usePicture } from './assets';

export interface AppIconProps {
  iconImage?: string | null;
  iconUrl?: string | null;
  size?: number;
}

/** An app's icon; the default icon when it has none or it does not load (SPEC point 2 "Global search"). */
export function AppIcon({ iconImage, iconUrl, size = 44 }: AppIconProps) {
  const asset = usePicture();
  const [broken, setBroken] = useState(false);
  const src = asset(iconImage) ?? asset(iconUrl);
  const style = { width: size, height: size };
  if (src && !broken) {
    return <img className="cw-app-icon" style={style} src={src} alt="" aria-hidden="true" onError={() => setBroken(true)} />;
  }
  return (
    <span className="cw-app-icon cw-app-icon--default" style={style} aria-hidden="true" data-testid="default-app-icon">
      <AppstoreOutline fontSize={Math.round(size * 0.55)} />
    </span>
  );
}
