import { NoticeCenter } from '../../notices';

/**
 * Where the notice bell goes in the header. The notices area fills this component; the shell only keeps
 * its place.
 */
export function HeaderNoticeSlot() {
  return <NoticeCenter />;
}
