/**
 * The ten rows every peer page lists: the shape of our console's user list (/isystem/user) with the demo
 * seed's people, departments and posts, as the list API would answer them (dictionary codes plus the
 * department and post as text). The avatars are the seed's own pictures.
 */
export interface PeerUserRow {
  id: string;
  username: string;
  realname: string;
  avatar: string;
  /** Dictionary `sex`: 1 男, 2 女. */
  sex: number;
  birthday: string;
  phone: string;
  orgCodeTxt: string;
  post: string;
  /** Dictionary `user_status`: 1 正常, 2 冻结. */
  status: number;
  createTime: string;
}

const PEOPLE: Array<[string, string, 1 | 2, string, string]> = [
  ['admin', '管理员', 1, '华康医疗集团', '院长'],
  ['zhangwei', '张伟', 1, '心血管内科', '主任医师'],
  ['lina', '李娜', 2, '护理部', '护士长'],
  ['wangfang', '王芳', 2, '华康第一人民医院', '院长'],
  ['liuyang', '刘洋', 1, '信息中心', '信息工程师'],
  ['chenjing', '陈静', 2, '内分泌科,慢病管理中心', '主治医师'],
  ['wangjianguo', '王建国', 1, '呼吸内科', '副主任医师'],
  ['lixiuying', '李秀英', 2, '慢病管理中心', '护士'],
  ['zhangzhiqiang', '张志强', 1, '神经内科', '住院医师'],
  ['liuhaiyan', '刘海燕', 2, '药剂科', '药师'],
];

export const PEER_ROWS: PeerUserRow[] = PEOPLE.map(([username, realname, sex, orgCodeTxt, post], i) => ({
  id: String(1000 + i),
  username,
  realname,
  avatar: `/avatars/${sex === 1 ? 'm' : 'f'}-0${(i % 8) + 1}.png`,
  sex,
  birthday: `19${80 + i}-0${(i % 9) + 1}-1${i}`,
  phone: `1380013${String(8000 + i * 37).padStart(4, '0')}`,
  orgCodeTxt,
  post,
  status: i === 8 ? 2 : 1,
  createTime: `2026-03-0${(i % 9) + 1} 09:${String(10 + i * 3).padStart(2, '0')}:00`,
}));
