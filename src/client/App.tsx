import { BrowserRouter } from 'react-router-dom';
import { routerBase } from './config/runtime';
import { ThemeProvider } from './layout/settings/ThemeProvider';
import { RouteGuard } from './router/RouteGuard';
import { ScrollToTop } from './router/ScrollToTop';

/** The console: antd in Chinese with the chosen theme, history routing below the configured base, the guard. */
export function App() {
  return (
    <ThemeProvider>
      {/* Navigation is not a transition: every visited route commits at once, so each one gets its tab
          even when the user clicks on before a page has loaded. */}
      <BrowserRouter basename={routerBase()} future={{ v7_startTransition: false, v7_relativeSplatPath: true }}>
        <ScrollToTop />
        <RouteGuard />
      </BrowserRouter>
    </ThemeProvider>
  );
}
