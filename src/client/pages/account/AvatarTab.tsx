import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../api';
import { feedback } from '../../api/feedback';
import { UserAvatar } from '../../layout/header/UserAvatar';
import { t } from '../../locale/zh-CN';
import { UploadFailed, uploadToServer } from '../../widgets/upload/transport';
import { Refused, saveProfile } from './account-api';
import { AvatarCropper, cropToBlob, type CropSource } from './AvatarCropper';
import type { Placement } from './crop';

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

function loadImage(file: File): Promise<CropSource> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ image, width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('image'));
    image.src = URL.createObjectURL(file);
  });
}

/** 头像: choose a picture, crop a square, upload it (biz avatar) and make it the user's avatar. */
export function AvatarTab() {
  const a = t.account.avatar;
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<CropSource | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [busy, setBusy] = useState(false);
  const onPlacement = useCallback((p: Placement) => setPlacement(p), []);

  // The object URL of a replaced or saved picture is released.
  useEffect(() => () => (source ? URL.revokeObjectURL(source.image.src) : undefined), [source]);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return void feedback().message.warning(a.notImage);
    if (file.size > MAX_BYTES) return void feedback().message.warning(a.tooLarge);
    try {
      setSource(await loadImage(file));
    } catch {
      feedback().message.warning(a.loadFailed);
    }
  };

  const save = async () => {
    if (!source || !placement) return;
    setBusy(true);
    try {
      const blob = await cropToBlob(source, placement);
      const uploaded = await uploadToServer(new File([blob], 'avatar.png', { type: 'image/png' }), 'avatar', () => undefined);
      await saveProfile({ avatar: uploaded.path });
      feedback().message.success(a.saved);
      setSource(null);
    } catch (e) {
      // HTTP failures were shown by the error catalogue; refusals carry the server's message.
      if (e instanceof Refused || e instanceof UploadFailed) feedback().message.warning(e.message);
      else if (!(e instanceof ApiError)) feedback().message.warning(a.loadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="account-avatar">
      <div className="account-avatar-current">
        <UserAvatar size={96} />
        <Typography.Text type="secondary">{a.current}</Typography.Text>
      </div>
      <div className="account-avatar-edit">
        <Typography.Paragraph type="secondary">{a.hint}</Typography.Paragraph>
        <input ref={input} type="file" accept={ACCEPT} hidden onChange={(e) => void choose(e)} data-testid="avatar-file" />
        {source ? <AvatarCropper key={source.image.src} source={source} onChange={onPlacement} /> : null}
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {a.choose}
          </Button>
          {source ? (
            <Button type="primary" loading={busy} onClick={() => void save()}>
              {a.save}
            </Button>
          ) : null}
        </Space>
      </div>
    </div>
  );
}
