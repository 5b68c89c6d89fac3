import { Button, List, TextArea, Toast } from 'antd-mobile';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ACCOUNT_API, type AccountApi } from '../../application/account/ports';
import { ACCOUNT_ROUTES, saveBio, securityPath, uploadAvatar } from '../../application/account/useCases';
import type { Uploader } from '../../application/ports/upload';
import { UPLOADER } from '../../application/ports/tokens';
import { BIO_PLACEHOLDER } from '../../domain/account/messages';
import { BIO_MAX_LENGTH, BIO_ROWS } from '../../domain/account/profile';
import { currentPhoneDisplay } from '../../domain/account/security';
import { useInjection } from '../shared/di';
import { useCurrentUser, useSessionModel } from '../shared/session';
import { UserAvatar } from '../shared/UserAvatar';
import {
  ACCOUNT_SECURITY,
  CHANGE_AVATAR,
  CHANGE_PASSWORD,
  LABEL_AVATAR,
  LABEL_BIO,
  LABEL_NAME,
  LABEL_PHONE,
  SAVE,
  UPLOADING,
} from './strings';
import './account.css';

const AvatarCropper = lazy(() => import('./AvatarCropper').then((m) => ({ default: m.AvatarCropper })));

/**
 * page/profile, the profile edit (SPEC point 2 "Profile edit", points 5 and 9): the
 * avatar (pick, crop 1:1, upload: 头像上传成功 / 头像上传失败, 重新上传 to pick again),
 * the phone (to the phone change), the password, and the bio (说点什么吧, at most 30
 * characters with a counter, 暂无简介 when empty).
 */
export function ProfileEditPage() {
  const api = useInjection<AccountApi>(ACCOUNT_API);
  const uploader = useInjection<Uploader>(UPLOADER);
  const session = useSessionModel();
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const picker = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const saved = user?.profileSummary ?? '';
  const [bio, setBio] = useState(saved);
  const [saving, setSaving] = useState(false);

  const pick = () => {
    if (picker.current) {
      picker.current.value = '';
      picker.current.click();
    }
  };

  const reupload = () => {
    setImage(null);
    pick();
  };

  const upload = async (file: File) => {
    if (uploading) return;
    setUploading(true);
    const loading = Toast.show({ icon: 'loading', content: UPLOADING, duration: 0 });
    try {
      const outcome = await uploadAvatar({ api, uploader }, file);
      loading.close();
      if (outcome.ok) {
        session.userUpdated({ userImage: outcome.value, photoUrl: outcome.value });
        Toast.show({ icon: 'success', content: outcome.toast });
        setImage(null);
      } else if (outcome.message) {
        Toast.show({ icon: 'fail', content: outcome.message });
      }
    } finally {
      loading.close();
      setUploading(false);
    }
  };

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      const outcome = await saveBio({ api }, bio);
      if (outcome.ok) {
        session.userUpdated({ profileSummary: outcome.value });
        setBio(outcome.value);
        Toast.show({ icon: 'success', content: outcome.toast });
      } else {
        Toast.show({ icon: 'fail', content: outcome.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const phoneQuery = new URLSearchParams();
  if (user?.phoneNum) phoneQuery.set('phoneNum', user.phoneNum);
  if (user?.userType !== undefined) phoneQuery.set('userType', String(user.userType));
  const phonePath = `${ACCOUNT_ROUTES.editPhone}${phoneQuery.toString() ? `?${phoneQuery.toString()}` : ''}`;

  return (
    <div className="cw-acc cw-profile-edit">
      <List mode="card" className="cw-acc-list">
        <List.Item
          onClick={pick}
          extra={
            <span className="cw-profile-edit__avatar">
              <UserAvatar name={user?.name} image={user?.userImage} size={40} />
            </span>
          }
          aria-label={CHANGE_AVATAR}
        >
          {LABEL_AVATAR}
        </List.Item>
        <List.Item extra={user?.name ?? ''}>{LABEL_NAME}</List.Item>
      </List>

      <List mode="card" header={ACCOUNT_SECURITY} className="cw-acc-list">
        <List.Item extra={currentPhoneDisplay(user?.phoneNum)} onClick={() => navigate(phonePath)}>
          {LABEL_PHONE}
        </List.Item>
        <List.Item onClick={() => navigate(securityPath(1, user?.userType))}>{CHANGE_PASSWORD}</List.Item>
      </List>

      <section className="cw-acc-card cw-profile-edit__bio" aria-label={LABEL_BIO}>
        <label htmlFor="cw-profile-bio" className="cw-acc-card__title">
          {LABEL_BIO}
        </label>
        <TextArea
          id="cw-profile-bio"
          placeholder={BIO_PLACEHOLDER}
          value={bio}
          onChange={setBio}
          maxLength={BIO_MAX_LENGTH}
          rows={BIO_ROWS}
          showCount
          className="cw-profile-edit__textarea"
        />
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          className="cw-acc-card__button"
          loading={saving}
          disabled={saving || bio.trim() === saved.trim()}
          onClick={() => void save()}
        >
          {SAVE}
        </Button>
      </section>

      <input
        ref={picker}
        type="file"
        accept="image/*"
        className="cw-visually-hidden"
        aria-label={CHANGE_AVATAR}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) setImage(file);
        }}
      />
      {image ? (
        <Suspense fallback={null}>
          <AvatarCropper file={image} busy={uploading} onReupload={reupload} onConfirm={(f) => void upload(f)} />
        </Suspense>
      ) : null}
    </div>
  );
}
