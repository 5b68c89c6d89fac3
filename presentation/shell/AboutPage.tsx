import { List } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import type { NativeShell } from '../../application/ports/shell';
import type { Clock, Notifier } from '../../application/ports/runtime';
import { CLOCK, NATIVE_SHELL, NOTIFIER } from '../../application/ports/tokens';
import { tapCoreVersion } from '../../application/shell/useCases';
import { APP_VERSION, PRIVACY_POLICY, PRODUCT_NAME, TERMS_OF_SERVICE } from '../../domain/account/messages';
import { INITIAL_TAPS, type TapState } from '../../domain/shell/coreVersionTaps';
import { useInjection } from '../shared/di';
import { useOpenLegal } from '../shared/legal';
import { Logo } from '../shared/Logo';
import { COPYRIGHT, CORE_VERSION_LABEL, VERSION_LABEL } from './strings';

/**
 * About (SPEC point 2): logo, product name, version 1.5.8, inside the native shell the
 * core version, and the terms and privacy links. The core version hides the rest hint
 * and the developer-mode gesture.
 */
export function AboutPage() {
  const shell = useInjection<NativeShell>(NATIVE_SHELL);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const clock = useInjection<Clock>(CLOCK);
  const openLegal = useOpenLegal();
  const [coreVersion, setCoreVersion] = useState<string | null>(null);
  const taps = useRef<TapState>(INITIAL_TAPS);

  useEffect(() => {
    if (!shell.isInShell()) return;
    let alive = true;
    void shell.coreVersion().then((v) => {
      if (alive) setCoreVersion(v);
    });
    return () => {
      alive = false;
    };
  }, [shell]);

  const onCoreVersionTap = () => {
    taps.current = tapCoreVersion({ shell, notifier }, taps.current, clock.now());
  };

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
        {shell.isInShell() ? (
          <List.Item extra={coreVersion ?? '-'} onClick={onCoreVersionTap} arrow={false}>
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
