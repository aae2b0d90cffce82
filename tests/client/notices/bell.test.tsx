import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NoticeBell } from '../../../src/client/notices/bell/NoticeBell';
import { onNoticesReload } from '../../../src/client/notices/bus';
import { refreshNotices, useNoticeStore } from '../../../src/client/notices/store';
import type { NoticeGroup } from '../../../src/client/notices/types';
import { AnnouncementViewer } from '../../../src/client/notices/viewer/AnnouncementViewer';
import { fakeServer, ok } from '../shell/fake-server';
import { renderWithRouter, signedIn } from './harness';

const GROUPS: NoticeGroup[] = [
  {
    classify: 'announcement',
    classifyName: '通知公告',
    unreadCount: 1,
    msgList: [
      {
        id: 'n1',
        title: '门诊排班调整',
        content: '请查看新排班',
        createTime: '2026-11-20 08:00:00',
        readFlag: 0,
        msgColor: 'orange',
        classify: 'announcement',
        classifyName: '通知公告',
        redirect: { type: 'announcement', param: { anntId: 'a1' } },
        anntId: 'a1',
      },
    ],
  },
  {
    classify: 'followUp',
    classifyName: '随访提醒',
    unreadCount: 2,
    msgList: [
      {
        id: 'n2',
        title: '随访表单待填写',
        content: '患者王某',
        createTime: '2026-11-20 09:00:00',
        readFlag: 0,
        msgColor: 'red',
        classify: 'followUp',
        classifyName: '随访提醒',
        redirect: { type: 'visitForm', param: { detailId: 'd1', caseId: 'c1', formId: 'f1', projectId: 'p1' } },
        anntId: null,
      },
      {
        id: 'n3',
        title: '危险链接',
        content: null,
        createTime: '2026-11-20 10:00:00',
        readFlag: 0,
        msgColor: 'blue',
        classify: 'followUp',
        classifyName: '随访提醒',
        redirect: { type: 'web', webUrl: 'javascript:alert(1)' },
        anntId: null,
      },
    ],
  },
];

let server: ReturnType<typeof fakeServer>;
let groups: NoticeGroup[];
const location = () => screen.getByTestId('location').textContent;
const bell = () => screen.getByRole('button', { name: /消息通知/ });

async function openBell() {
  await userEvent.click(bell());
  return waitFor(() => {
    const pop = document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden) .notices-panel');
    if (!pop) throw new Error('popover not open');
    return pop;
  });
}

beforeEach(async () => {
  signedIn();
  groups = GROUPS;
  server = fakeServer({
    'GET /api/sys/msg/rec/getUnreadListWithMsg': () => ok(groups),
    'POST /api/sys/msg/rec/read': ok(null, '已读'),
    'GET /sys/annountCement/queryById': ok({
      id: 'a1',
      titile: '门诊排班调整',
      msgContent: '<p>新排班<img src="x" onerror="window.__xss=1"><a href="javascript:alert(1)">链接</a></p>',
      sender: 'admin',
      sendTime: '2026-11-20 08:00:00',
      priority: 'M',
      msgCategory: '1',
      openType: 'url',
      openPage: '/isystem/user',
      busId: null,
      busType: null,
      msgAbstract: null,
    }),
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': ok(null),
  });
});

describe('notice bell', () => {
  it('shows the unread badge and a tab per classification titled name(count)', async () => {
    renderWithRouter(<NoticeBell />);
    await act(() => refreshNotices());
    expect(bell()).toHaveAccessibleName('消息通知，3 条未读');
    expect(within(bell()).getByText('3')).toBeInTheDocument();
    const pop = await openBell();
    expect(within(pop).getByRole('tab', { name: '通知公告(1)' })).toBeInTheDocument();
    expect(within(pop).getByRole('tab', { name: '随访提醒(2)' })).toBeInTheDocument();
    const title = within(pop).getByText('门诊排班调整');
    expect(title).toHaveStyle({ color: '#fa8c16' });
    expect(within(pop).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    expect(within(pop).getByText('请查看新排班')).toBeInTheDocument();
  });

  it('follows a visit-form redirect with its record ids, marks the message read and refreshes the count', async () => {
    renderWithRouter(<NoticeBell />);
    await act(() => refreshNotices());
    const reloads: number[] = [];
    const off = onNoticesReload(() => reloads.push(1));
    const pop = await openBell();
    await userEvent.click(within(pop).getByRole('tab', { name: '随访提醒(2)' }));
    groups = [GROUPS[0], { ...GROUPS[1], unreadCount: 1, msgList: [GROUPS[1].msgList[1]] }];
    await userEvent.click(await within(pop).findByText('随访表单待填写'));
    await waitFor(() => expect(location()).toBe('/medicalRecords/list?detailId=d1&caseId=c1&formId=f1&projectId=p1'));
    await waitFor(() => expect(server.last('POST', '/api/sys/msg/rec/read')?.body).toEqual({ ids: 'n2' }));
    expect(reloads.length).toBeGreaterThan(0);
    await act(() => refreshNotices());
    expect(useNoticeStore.getState().count).toBe(2);
    off();
  });

  it('never opens a script link from a message', async () => {
    renderWithRouter(<NoticeBell />);
    await act(() => refreshNotices());
    const pop = await openBell();
    await userEvent.click(within(pop).getByRole('tab', { name: '随访提醒(2)' }));
    await userEvent.click(await within(pop).findByText('危险链接'));
    expect(await screen.findByText('链接地址不安全，已阻止打开')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/analysis');
  });

  it('"view more" opens my announcements', async () => {
    renderWithRouter(<NoticeBell />);
    const pop = await openBell();
    await userEvent.click(within(pop).getByRole('button', { name: '查看更多' }));
    expect(location()).toBe('/isps/userAnnouncement');
  });

  it('opens an announcement in the viewer: read-marked on opening, content inert, 去处理 follows the url', async () => {
    renderWithRouter(
      <>
        <NoticeBell />
        <AnnouncementViewer />
      </>,
    );
    await act(() => refreshNotices());
    const pop = await openBell();
    await userEvent.click(within(pop).getByText('门诊排班调整'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('新排班')).toBeInTheDocument();
    expect(within(dialog).getByText('发布人：admin')).toBeInTheDocument();
    const content = dialog.querySelector('.notices-viewer-content') as HTMLElement;
    expect(content.innerHTML).not.toMatch(/onerror|javascript:/);
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
    await waitFor(() => expect(server.last('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId')?.body).toEqual({ anntId: 'a1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '去处理' }));
    expect(location()).toBe('/isystem/user');
  });
});
