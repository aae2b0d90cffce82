import { Result } from 'antd';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDevice } from '../../layout/device';
import { useSettings } from '../../layout/settings/store';
import { closeOwnTab } from '../../layout/tabs/store';
import { t } from '../../locale/zh-CN';
import { fillSessionPlaceholders } from '../../router/menu-routes';
import { usePageMeta } from '../../router/route-context';
import { useSession } from '../../session';

/** Shows a menu URL in a frame; entries marked external open in a new window instead. */
export default function IframePageView() {
  const page = usePageMeta();
  const token = useSession((s) => s.token);
  const tenantId = useSession((s) => s.tenantId);
  const url = useMemo(() => (page?.meta.url ? fillSessionPlaceholders(page.meta.url, token, tenantId) : ''), [page, token, tenantId]);
  const external = !!page?.meta.internalOrExternal;
  const location = useLocation();
  const navigate = useNavigate();
  const multipage = useSettings((s) => s.multipage);
  const mobile = useDevice() === 'mobile';
  const ownKey = `${location.pathname}${location.search}${location.hash}`;

  // An external entry opens in a new window; in the tabbed workspace its own tab then closes.
  useEffect(() => {
    if (!external || !url) return;
    // Deferred so the workspace has registered this tab first (its effect runs after ours).
    const timer = setTimeout(() => {
      window.open(url, '_blank', 'noopener');
      if (!multipage || mobile) return;
      const closed = closeOwnTab(ownKey);
      if (closed?.navigate) navigate(closed.navigate, { replace: true });
    });
    return () => clearTimeout(timer);
  }, [external, url, multipage, mobile, ownKey, navigate]);

  if (!url) return <Result status="warning" title={t.shell.iframe.noUrl} />;
  if (external) return <Result status="info" title={t.shell.iframe.openedExternal} subTitle={url} />;
  return <iframe className="shell-iframe" src={url} title={page?.meta.title ?? ''} />;
}
