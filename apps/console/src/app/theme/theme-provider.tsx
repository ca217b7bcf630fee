import { createContext, useContext, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import type { TTheme } from '@cloudsign/contract';
import { useLoadedUser } from '../../lib/current-user.ts';
import { accessibleCssVariables } from './accessible-colors.ts';
import { brandOf, type ThemeBrand } from './themes.ts';

const BrandContext = createContext<ThemeBrand>(brandOf('cloudsign'));

/** The signed-in user's theme (spec §3 Themes); before the user has loaded, the default one. */
export function ThemeProvider({ children, theme }: { children: ReactNode; theme?: TTheme }) {
  const user = useLoadedUser();
  const brand = brandOf(theme ?? user?.theme);
  return (
    <BrandContext.Provider value={brand}>
      <MantineProvider
        theme={brand.mantine}
        defaultColorScheme="light"
        cssVariablesResolver={accessibleCssVariables}
      >
        {children}
      </MantineProvider>
    </BrandContext.Provider>
  );
}

export const useBrand = () => useContext(BrandContext);
