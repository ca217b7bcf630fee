import type { ReactElement, ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import { render } from '@testing-library/react';

// Transitions would leave dropdowns hidden for a frame, which jsdom never paints.
const testTheme = createTheme({
  components: {
    Combobox: { defaultProps: { transitionProps: { duration: 0 } } },
    Popover: { defaultProps: { transitionProps: { duration: 0 } } },
    Menu: { defaultProps: { transitionProps: { duration: 0 } } },
    Accordion: { defaultProps: { transitionDuration: 0 } },
  },
});

/** Renders inside Mantine, as the application does. */
export function renderWithUi(ui: ReactElement) {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={testTheme}>{children}</MantineProvider>
    ),
  });
}
