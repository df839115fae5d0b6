import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { importedNames, muiPathImports } from '../federation';

describe('the import lists that decide what each shared module holds', () => {
  const sources = [
    "import { Box, Button as MuiButton, type ButtonProps } from '@mui/material';\nimport Tabs from '@mui/material/Tabs';",
    "import {\n  Stack,\n  Typography,\n} from '@mui/material';\nimport Tab from \"@mui/material/Tab\";\nimport type TabsProps from '@mui/material/Tabs';",
    "import type { SvgIconProps } from '@mui/material';\nimport { alpha } from '@mui/material/styles';\nimport CloseIcon from '@mui/icons-material/Close';",
  ];

  it('lists the names imported from the package root, not the type-only ones', () => {
    expect(importedNames('@mui/material', sources)).toEqual(['Box', 'Button', 'Stack', 'Typography']);
  });

  it('lists the MUI components imported by path, shared one by one', () => {
    expect(muiPathImports(sources)).toEqual(['Tab', 'Tabs']);
  });

  it('leaves out named imports from MUI sub-paths and type-only default imports', () => {
    expect(
      muiPathImports([
        "import { alpha } from '@mui/material/styles';",
        "import type Tabs from '@mui/material/Tabs';",
      ]),
    ).toEqual([]);
  });
});

describe('every remote is built with the same federation settings', () => {
  // A remote without REMOTE_EXPERIMENTS bundles a federation runtime of its own (≈ 134 KB on the messages
  // remote) instead of using the one the shell provides.
  const remotesDir = path.resolve(__dirname, '..', '..', 'web-remotes');
  const remotes = fs
    .readdirSync(remotesDir)
    .filter((name) => fs.existsSync(path.join(remotesDir, name, 'rsbuild.config.ts')));

  it.each(remotes)('%s uses the shell’s federation runtime (REMOTE_EXPERIMENTS)', (name) => {
    const config = fs.readFileSync(path.join(remotesDir, name, 'rsbuild.config.ts'), 'utf8');
    expect(config).toMatch(/^\s*experiments: REMOTE_EXPERIMENTS,$/m);
    expect(config).toMatch(/shared: sharedSingletons\(import\.meta\.url\)/);
  });
});
