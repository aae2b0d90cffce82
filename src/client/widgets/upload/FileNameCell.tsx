import { PaperClipOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { downloadFile, staticUrl } from '../../api';
import { splitValues } from '../picker-kit/values';
import { nameOfPath, shortFileName } from './file-list';
import { ownServerPath } from './file-url';

/** A file column's cell: the first file's name cut to 5 characters (spec §9), downloading on click. */
export function FileNameCell({ value, name }: { value?: string | null; name?: string }) {
  const path = splitValues(value)[0];
  if (!path) return null;
  const full = name ?? nameOfPath(path);
  return (
    <Tooltip title={full}>
      <a
        href={staticUrl(path)}
        onClick={(e) => {
          const own = ownServerPath(path);
          if (!own) return;
          e.preventDefault();
          void downloadFile(own, full).catch(() => undefined);
        }}
      >
        <PaperClipOutlined /> {shortFileName(full)}
      </a>
    </Tooltip>
  );
}
