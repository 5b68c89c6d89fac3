import { List } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { aboutScreen } from '../../application/shell/aboutModel';
import { APP_VERSION, PRIVACY_POLICY, PRODUCT_NAME, TERMS_OF_SERVICE } from '../../domain/account/messages';
import { useOpenLegal } from '../shared/legal';
import { Logo } from '../shared/Logo';
import { useScreenModel } from '../shared/screenModel';
import { COPYRIGHT, CORE_VERSION_LABEL, VERSION_LABEL } from './strings';

/**
 * About (SPEC point 2): logo, product name, version 1.5.8, inside the native shell the
 * core version, and the terms and privacy links. The core version hides the rest hint
 * and the developer-mode gesture (application/shell/aboutModel.ts).
 */
export function AboutPage() {
  const model = useScreenModel(aboutScreen, undefined);
  const [inShell, coreVersion] = useUnit([model.$inShell, model.$coreVersion]);
  const on = useUnit({ coreVersionTapped: model.coreVersionTapped });
  const openLegal = useOpenLegal();


  return (
    <div className="cw-about">
      <section className="cw-about__head">
        <Logo size={76} />
        <h2 className="cw-about__name">{PRODUCT_NAME}</h2>
        <p className="cw-about__version">
          {VERSION_LABEL} {APP_VERSION}
        </p>
      </section>
      <List mode="card" className="cw-about__list">
        {inShell ? (
          <List.Item extra={coreVersion ?? '-'} onClick={() => on.coreVersionTapped()} arrow={false}>
            {CORE_VERSION_LABEL}
          </List.Item>
        ) : null}
        <List.Item onClick={() => openLegal('terms')}>{TERMS_OF_SERVICE}</List.Item>
        <List.Item onClick={() => openLegal('privacy')}>{PRIVACY_POLICY}</List.Item>
      </List>
      <footer className="cw-about__footer">{COPYRIGHT}</footer>
    </div>
  );
}
