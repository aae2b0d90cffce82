import { UserOutlined } from '@ant-design/icons';
import { Avatar, type AvatarProps } from 'antd';
import { useSession } from '../../session';
import { useFileSrc } from '../../widgets/upload/file-url';

/**
 * The signed-in user's avatar. A stored file needs the token header, so it is shown from a blob URL
 * (useFileSrc); a new avatar saved in the personal centre shows here at once through the session store.
 */
export function UserAvatar({ size, path }: { size?: AvatarProps['size']; path?: string | null }) {
  const stored = useSession((s) => s.userInfo?.avatar);
  const { src } = useFileSrc(path === undefined ? stored : path);
  return <Avatar size={size} src={src || undefined} icon={<UserOutlined />} className="user-avatar" />;
}
