import { Alert, Spin, theme } from 'antd';
import { t } from '../../locale/zh-CN';
import { useFileSrc } from '../upload/file-url';

/** A stored signature, loaded the way the upload widget loads pictures (our files with the session, others as they are). */
export function SignatureImage({ path, width, height }: { path: string; width: number; height: number }) {
  const s = t.signature;
  const { src, failed } = useFileSrc(path);
  const { token } = theme.useToken();
  if (failed) return <Alert type="warning" showIcon message={s.imageFailed} style={{ maxWidth: width }} />;
  const box = {
    display: 'block',
    width: '100%',
    maxWidth: width,
    aspectRatio: `${width} / ${height}`,
  } as const;
  if (!src)
    return (
      <Spin tip={s.loading}>
        <div style={box} />
      </Spin>
    );
  return (
    <img
      className="j-signature-image"
      src={src}
      alt={s.image}
      style={{
        ...box,
        height: 'auto',
        objectFit: 'contain',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    />
  );
}
