import { createRegistry, type RegistryBuilder } from '../../../application/ports/token';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '../../../application/ports/runtime';
import { LINK_OPENER, RUNTIME_CONFIG } from '../../../application/ports/tokens';
import { createLinkOpener, type LinkOpener } from '../../../application/shell/links';
import { DEFAULT_RUNTIME_CONFIG } from '../../../infrastructure/config/runtimeConfig';
import { DiProvider } from '../../../presentation/shared/di';

/** What a component rendered alone may ask the container for: the runtime config and the link opener. */
export interface TestContainerParts {
  config?: Partial<RuntimeConfig>;
  links?: LinkOpener;
}

export function testContainer(parts: TestContainerParts = {}): RegistryBuilder {
  const container = createRegistry();
  container.bind(RUNTIME_CONFIG, { ...DEFAULT_RUNTIME_CONFIG, ...parts.config });
  container.bind(LINK_OPENER, 
    parts.links ??
      createLinkOpener({
        shell: { isInShell: () => false, openLink: () => true, openFile: () => true },
        navigator: { go: () => undefined },
        appBase: () => `${window.location.origin}/`,
        pageUrl: () => window.location.href,
        openSystem: () => undefined,
      }),
  );
  return container;
}

/** A `render` wrapper that provides the test container. */
export const withContainer =
  (parts: TestContainerParts = {}) =>
  ({ children }: { children: ReactNode }) => <DiProvider container={testContainer(parts)}>{children}</DiProvider>;
