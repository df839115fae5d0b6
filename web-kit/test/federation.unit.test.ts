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
