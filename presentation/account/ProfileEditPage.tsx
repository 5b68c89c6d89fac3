import { List, TextArea } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { lazy, Suspense, useRef } from 'react';
import { useLocation } from 'wouter';
import { profileEditScreen } from '../../application/account/profileEditModel';
import { editPhonePath, securityPath } from '../../application/account/routes';
import { ACCOUNT_SECURITY, BIO_PLACEHOLDER, CHANGE_PASSWORD } from '../../domain/account/messages';
import { BIO_MAX_LENGTH, BIO_ROWS } from '../../domain/account/profile';
import { currentPhoneDisplay } from '../../domain/account/security';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { UserAvatar } from '../shared/UserAvatar';
import { CardButton } from './CardButton';
import { CHANGE_AVATAR, LABEL_AVATAR, LABEL_BIO, LABEL_NAME, LABEL_PHONE, SAVE } from './strings';
import { usePrepareUpload } from '../shared/usePrepareUpload';
import './account.css';

const AvatarCropper = lazy(() => import('./AvatarCropper').then((m) => ({ default: m.AvatarCropper })));

/**
 * page/profile, the profile edit (SPEC point 2 "Profile edit", points 5 and 9): the
 * avatar (pick, crop 1:1, upload: 头像上传成功 / 头像上传失败, 重新上传 to pick again),
 * the phone (to the phone change), the password, and the bio (说点什么吧, at most 30
 * characters with a counter, 暂无简介 when empty). Everything it does is its model's
 * (application/account/profileEditModel.ts).
 */
export function ProfileEditPage() {
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const model = useScreenModel(profileEditScreen, { userId: user?.id ?? '', bio: user?.profileSummary ?? '' });
  const [bio, canSave, saving, image, uploading] = useUnit([model.$bio, model.$canSave, model.$saving, model.$image, model.$uploading]);
  const on = useUnit({
    bioChanged: model.bioChanged,
    bioSaveRequested: model.bioSaveRequested,
    imagePicked: model.imagePicked,
    imageDropped: model.imageDropped,
    cropped: model.cropped,
  });
  const picker = useRef<HTMLInputElement>(null);
  const prepareUpload = usePrepareUpload();

  const pick = () => {
    if (picker.current) {
      picker.current.value = '';
      picker.current.click();
    }
  };

  const reupload = () => {
    on.imageDropped();
    pick();
  };

  const phonePath = editPhonePath(user?.phoneNum, user?.userType);

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
          onChange={(text) => on.bioChanged(text)}
          maxLength={BIO_MAX_LENGTH}
          rows={BIO_ROWS}
          showCount
          className="cw-profile-edit__textarea"
        />
        <CardButton busy={saving} disabled={!canSave} onClick={() => on.bioSaveRequested()}>
          {SAVE}
        </CardButton>
      </section>

      <input
        ref={picker}
        type="file"
        accept="image/*"
        className="cw-visually-hidden"
        aria-label={CHANGE_AVATAR}
        onClick={prepareUpload}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) on.imagePicked(file);
        }}
      />
      {image ? (
        <Suspense fallback={null}>
          <AvatarCropper file={image} busy={uploading} onReupload={reupload} onConfirm={(f) => on.cropped(f)} />
        </Suspense>
      ) : null}
    </div>
  );
}
