import { registerNoticePages } from './register';

/** Notices: the header's bell and dialogs, and the pages of announcements and feedback. */
export { NoticeCenter } from './NoticeCenter';
export { emitNoticesReload, onNoticesReload } from './bus';
export { openAnnouncement } from './store';

registerNoticePages();
