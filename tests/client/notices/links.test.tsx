import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followRedirect } from '../../../src/client/notices/bell/follow';
import { redirectAction } from '../../../src/client/notices/bell/redirect';
import { openAnnouncement } from '../../../src/client/notices/store';
import { AnnouncementViewer } from '../../../src/client/notices/viewer/AnnouncementViewer';
import { fakeServer, ok } from '../shell/fake-server';
import { renderWithRouter, signedIn } from './harness';

/**
 * Issue 11 §16 in the console: links stored before the server refused them (or by another backend of
 * the protocol) are checked again where the notices navigate, and remote images are not shown.
 */
const HOME = '/dashboard/analysis';
const location = () => screen.getByTestId('location').textContent;

let openPage: string;
let msgContent: string;

beforeEach(() => {
  signedIn();
  openPage = '/isystem/user';
  msgContent = '<p>正文</p>';
  fakeServer({
    'GET /sys/annountCement/queryById': () =>
      ok({
        id: 'a1',
        titile: '排班调整',
        msgContent,
        sender: 'admin',
        sendTime: '2026-11-20 08:00:00',
        priority: 'M',
        msgCategory: '1',
        openType: 'url',
        openPage,
        busId: null,
        busType: null,
        msgAbstract: null,
      }),
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': ok(null),
  });
});
afterEach(() => vi.restoreAllMocks());

async function openViewer() {
  renderWithRouter(<AnnouncementViewer />, HOME);
  act(() => openAnnouncement('a1'));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('排班调整');
  return dialog;
}

describe('the console refuses stored links that leave the site', () => {
  it.each([
    ['/\t/evil.example/login', '链接含有空格、换行或控制字符，已阻止打开'],
    ['/\n/evil.example/login', '链接含有空格、换行或控制字符，已阻止打开'],
    ['//evil.example/login', '链接地址不安全，已阻止打开'],
    ['/\\evil.example/login', '链接地址不安全，已阻止打开'],
    ['javascript:alert(1)', '链接地址不安全，已阻止打开'],
  ])('announcement 去处理 with %j stays put and says why', async (link, message) => {
    openPage = link;
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const dialog = await openViewer();
    await userEvent.click(within(dialog).getByRole('button', { name: '去处理' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(location()).toBe(HOME);
    expect(opened).not.toHaveBeenCalled();
  });

  it('announcement 去处理 still follows an in-console path', async () => {
    const dialog = await openViewer();
    await userEvent.click(within(dialog).getByRole('button', { name: '去处理' }));
    await waitFor(() => expect(location()).toBe('/isystem/user'));
  });

  it('a patientAbnormal notice about one record opens the abnormal list filtered to it (?id=)', async () => {
    const navigate = vi.fn();
    const path = '/chronic/diseaseIntervene/patientManage/patientAbnormal';
    await act(() =>
      followRedirect(redirectAction({ type: 'patientAbnormal', param: { detailId: 'A1b2' } }), navigate),
    );
    await act(() => followRedirect(redirectAction({ type: 'patientAbnormal' }), navigate));
    expect(navigate.mock.calls).toEqual([[`${path}?id=A1b2`], [path]]);
  });

  it('message redirects to off-site or control-character links are blocked before navigation', async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const navigate = vi.fn();
    renderWithRouter(<div />, HOME);
    for (const webUrl of ['/\t/evil.example', '/\\evil.example', '//evil.example']) {
      const action = redirectAction({ type: 'web', webUrl });
      expect(action.kind, webUrl).toBe('blocked');
      await act(() => followRedirect(action, navigate));
    }
    await act(() => followRedirect(redirectAction({ type: 'download', downloadUrl: '/\r\n/evil.example/x.xlsx' }), navigate));
    // An action built by hand is checked too: the gate is where the navigation happens.
    await act(() => followRedirect({ kind: 'route', to: '//evil.example/login' }, navigate));
    await act(() => followRedirect({ kind: 'open', url: 'javascript:alert(1)' }, navigate));
    expect(navigate).not.toHaveBeenCalled();
    expect(opened).not.toHaveBeenCalled();
    expect((await screen.findAllByText('链接地址不安全，已阻止打开')).length).toBeGreaterThan(0);
  });

  it('shows images of this site and drops remote ones (tracking pixels) from stored content', async () => {
    msgContent =
      '<p>正文<img src="https://tracker.example/p.gif?u=1" alt="远程"><img src="//tracker.example/q.gif" alt="协议相对">' +
      '<img src="/jeecg-boot/sys/common/static/jeditor/a.png" alt="本地图"><a href="/&#9;/evil.example/login">站外</a></p>';
    const dialog = await openViewer();
    const content = dialog.querySelector('.notices-viewer-content') as HTMLElement;
    await within(content).findByText('正文', { exact: false });
    expect(content.innerHTML).not.toContain('tracker');
    expect(content.querySelector('img[alt="本地图"]')?.getAttribute('src')).toBe('/jeecg-boot/sys/common/static/jeditor/a.png');
    expect(within(content).getByText('站外').getAttribute('href')).toBeNull();
  });
});
