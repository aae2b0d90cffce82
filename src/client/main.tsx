import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadRuntimeConfig } from './config/runtime';
import './global.css';
// Schema pages (system/*, online lists) resolve through the renderer; it registers itself, lazily.
import './renderer/register';

dayjs.locale('zh-cn');

// The runtime config decides the API base, application code and router base before the first render.
void loadRuntimeConfig().then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
