import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import MyAnnouncementsPage from '../../../src/client/notices/pages/MyAnnouncementsPage';
import MyFeedbackPage from '../../../src/client/notices/pages/MyFeedbackPage';
import { emitNoticesReload } from '../../../src/client/notices/bus';
import { useNoticeStore } from '../../../src/client/notices/store';
import { storeDictCache } from '../../../src/client/session/dicts';
import { fakeServer, ok } from '../shell/fake-server';
import { renderWithRouter, signedIn } from './harness';

const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 30, current: 1, pages: 1 });

const INBOX = [
  { id: 's1', anntId: 'a1', titile: '门诊排班调整', sender: 'admin', sendTime: '2026-11-20 08:00:00', readFlag: '0', priority: 'M', msgCategory: '1', msgCategory_dictText: '通知公告', priority_dictText: '中' },
  { id: 's2', anntId: 'a2', titile: '系统升级', sender: 'admin', sendTime: '2026-11-19 08:00:00', readFlag: '1', priority: 'L', msgCategory: '2', msgCategory_dictText: '系统消息', priority_dictText: '低' },
];

beforeEach(() => signedIn());

describe('my announcements (/isps/userAnnouncement)', () => {
  it('lists with read state, searches by title and read flag, opens one and marks all read', async () => {
    const server = fakeServer({
      'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': page(INBOX),
      'PUT /sys/sysAnnouncementSend/readAll': ok('全部已读', '全部已读'),
    });
    const inboxCalls = () => server.calls.filter((c) => c.url === '/sys/sysAnnouncementSend/getMyAnnouncementSend');
    renderWithRouter(<MyAnnouncementsPage />, '/isps/userAnnouncement');
    const row = (await screen.findByText('门诊排班调整')).closest('tr') as HTMLElement;
    expect(within(row).getByText('未读')).toBeInTheDocument();
    expect(within((screen.getByText('系统升级').closest('tr') as HTMLElement)).getByText('已读')).toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText('请输入标题'), '排班');
    await userEvent.click(screen.getByRole('combobox', { name: '阅读状态' }));
    await userEvent.click(await screen.findByTitle('未读'));
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(inboxCalls().at(-1)?.params).toMatchObject({ titile: '*排班*', readFlag: '0', pageNo: 1 }));

    await userEvent.click(within(row).getByRole('button', { name: '查看' }));
    expect(useNoticeStore.getState().viewerId).toBe('a1');

    const before = inboxCalls().length;
    await userEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(server.last('PUT', '/sys/sysAnnouncementSend/readAll')).toBeDefined());
    // The read-all raises the bus event, which reloads the list (and the bell).
    await waitFor(() => expect(inboxCalls().length).toBeGreaterThan(before));
    const n = inboxCalls().length;
    emitNoticesReload();
    await waitFor(() => expect(inboxCalls().length).toBe(n + 1));
  });
});

describe('my feedback (/system/feedback/my/List)', () => {
  it('submits feedback from the 意见反馈 dialog and withdraws a pending one', async () => {
    storeDictCache({ feedback_type: [{ value: '1', text: '功能建议' }, { value: '2', text: '问题反馈' }] });
    const server = fakeServer({
      'GET /api/sys/feedback/myList': page([
        { id: 'f1', fbType: '2', fbType_dictText: '问题反馈', content: '页面加载慢', status: '0', status_dictText: '待处理', reply: null, createTime: '2026-11-20 08:00:00' },
        { id: 'f2', fbType: '1', fbType_dictText: '功能建议', content: '加夜班提醒', status: '1', status_dictText: '已处理', reply: '已上线', createTime: '2026-11-19 08:00:00' },
      ]),
      'POST /api/sys/feedback/add': ok({ id: 'f3' }, '提交成功，感谢您的反馈！'),
      'POST /api/sys/feedback/withdraw': ok('撤回成功！', '撤回成功！'),
    });
    renderWithRouter(<MyFeedbackPage />, '/system/feedback/my/List');
    const pending = (await screen.findByText('页面加载慢')).closest('tr') as HTMLElement;
    const done = screen.getByText('加夜班提醒').closest('tr') as HTMLElement;
    expect(within(done).getByText('已上线')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: '撤回' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请选择反馈类型')).toBeInTheDocument();
    expect(server.last('POST', '/api/sys/feedback/add')).toBeUndefined();
    await userEvent.click(await within(dialog).findByLabelText('问题反馈'));
    await userEvent.type(within(dialog).getByPlaceholderText(/请描述/), '打印时排版错乱');
    await userEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(server.last('POST', '/api/sys/feedback/add')?.body).toMatchObject({ fbType: '2', content: '打印时排版错乱' }));
    expect(await screen.findByText('提交成功，感谢您的反馈！')).toBeInTheDocument();

    await userEvent.click(within(pending).getByRole('button', { name: '撤回' }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.last('POST', '/api/sys/feedback/withdraw')?.body).toEqual({ id: 'f1' }));
  });
});
