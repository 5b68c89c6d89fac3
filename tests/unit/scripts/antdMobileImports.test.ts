import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBarrel, rewriteImports } from '../../../scripts/vite/antdMobileImports';

const BARREL = readBarrel(readFileSync('node_modules/antd-mobile/es/index.js', 'utf8'));

describe('antd-mobile imports, one module per component', () => {
  it('reads the installed barrel: default exports, named ones and renamed ones', () => {
    expect(BARREL.get('Button')).toEqual({ path: 'es/components/button', imported: 'default' });
    expect(BARREL.get('SearchBar')).toEqual({ path: 'es/components/search-bar', imported: 'default' });
    expect(BARREL.get('createErrorBlock')).toEqual({ path: 'es/components/error-block', imported: 'createErrorBlock' });
    expect(BARREL.get('useConfig')).toEqual({ path: 'es/components/config-provider', imported: 'useConfig' });
    // Every component the app uses is known, so none falls back to the barrel.
    expect(BARREL.size).toBeGreaterThan(70);
  });

  it('rewrites a named import into one import per component, keeping local names', () => {
    const code = `import { Button, Toast as T, createErrorBlock } from "antd-mobile";\nconsole.log(Button, T);`;
    expect(rewriteImports(code, BARREL)).toBe(
      `import Button from 'antd-mobile/es/components/button'; import T from 'antd-mobile/es/components/toast'; ` +
        `import { createErrorBlock as createErrorBlock } from 'antd-mobile/es/components/error-block';\nconsole.log(Button, T);`,
    );
  });

  it('handles imports over several lines and several statements in one file', () => {
    const code = `import {\n  Popup,\n  Skeleton,\n} from 'antd-mobile';\nimport { Badge } from 'antd-mobile'`;
    const out = rewriteImports(code, BARREL)!;
    expect(out).not.toMatch(/from 'antd-mobile'/);
    expect(out.match(/^import|; import/gm)).toHaveLength(3);
    expect(out).toContain(`import Badge from 'antd-mobile/es/components/badge';`);
  });

  it('leaves names it does not know on the barrel, and other packages alone', () => {
    expect(rewriteImports(`import { Button, NotAComponent } from 'antd-mobile';`, BARREL)).toBe(
      `import Button from 'antd-mobile/es/components/button'; import { NotAComponent } from 'antd-mobile';`,
    );
    expect(rewriteImports(`import { AddOutline } from 'antd-mobile-icons';`, BARREL)).toBeNull();
    expect(rewriteImports(`import { Only } from 'antd-mobile';`, BARREL)).toBeNull();
  });
});
