import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import axios, { type AxiosAdapter, type AxiosProgressEvent } from 'axios';
import { useSessionStore } from '../../../src/client/session/store';
import { FilePopup } from '../../../src/client/widgets/dialogs';
import { FileNameCell } from '../../../src/client/widgets/upload/FileNameCell';
import { shortFileName } from '../../../src/client/widgets/upload/file-list';
import { forgetOssSignature, ossKey, ossSignature } from '../../../src/client/widgets/upload/transport';
import { env, fakeServer } from './fake-server';
import { Providers, renderSchema } from './formily';

const png = (name = '胸片.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const pdf = (name = '病历.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const mp4 = (name = '手术.mp4') => new File(['....ftyp'], name, { type: 'video/mp4' });
const user = () => userEvent.setup({ applyAccept: false });
const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

let server: ReturnType<typeof fakeServer>;
afterEach(() => {
  server?.restore();
  useSessionStore.setState({ token: null });
  Modal.destroyAll();
});

/** A server upload that reports progress and waits for the test to let it finish. */
function slowUpload(result: () => unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  return {
    release: () => release(),
    handler: async (req: { config: { onUploadProgress?: (e: AxiosProgressEvent) => void } }) => {
      req.config.onUploadProgress?.({
        loaded: 40,
        total: 100,
        bytes: 40,
        lengthComputable: true,
      } as AxiosProgressEvent);
      await gate;
      return result();
    },
  };
}

describe('upload to the server (spec §4, §7)', () => {
  test('uploading with percent → done; the field holds the paths comma-joined; removing drops one', async () => {
    let n = 0;
    const slow = slowUpload(() => env(null, `temp/20261122/f${++n}.pdf`));
    server = fakeServer({ 'POST /sys/common/upload': slow.handler });
    const { form } = renderSchema(
      {
        type: 'object',
        properties: {
          files: {
            type: 'string',
            'x-component': 'JUpload',
            'x-component-props': { biz: 'notice', multiple: true },
          },
        },
      },
      { files: 'temp/20261101/old.pdf' },
    );
    // The upload widgets load on first use.
    expect(await screen.findByText('old.pdf')).toBeInTheDocument();
    await user().upload(fileInput(), pdf());
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-uploading')).not.toBeNull());
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(form.values.files).toBe('temp/20261101/old.pdf');
    await act(async () => slow.release());
    await waitFor(() => expect(form.values.files).toBe('temp/20261101/old.pdf,temp/20261122/f1.pdf'));
    const sent = server.to('/sys/common/upload')[0].data as FormData;
    expect(sent.get('biz')).toBe('notice');
    expect(sent.get('isup')).toBe('1');
    expect((sent.get('file') as File).name).toBe('病历.pdf');

    const oldItem = screen.getByText('old.pdf').closest('.ant-upload-list-item') as HTMLElement;
    await userEvent.click(within(oldItem).getByRole('button', { name: /删除|delete/i }));
    await waitFor(() => expect(form.values.files).toBe('temp/20261122/f1.pdf'));
  });

  test("a refusal shows the server's message; no message shows 未知错误", async () => {
    server = fakeServer({
      'POST /sys/common/upload': (req) =>
        env(
          null,
          (req.data as FormData).get('file') instanceof File &&
            ((req.data as FormData).get('file') as File).name === 'a.pdf'
            ? '文件内容与扩展名 .pdf 不符'
            : '',
          false,
        ),
    });
    const { form } = renderSchema({
      type: 'object',
      properties: { f: { type: 'string', 'x-component': 'JUpload' } },
    });
    await user().upload(fileInput(), pdf('a.pdf'));
    expect(await screen.findByText('a.pdf 上传失败：文件内容与扩展名 .pdf 不符')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-error')).not.toBeNull());
    await user().upload(fileInput(), pdf('b.pdf'));
    expect(await screen.findByText('b.pdf 上传失败：未知错误')).toBeInTheDocument();
    expect(form.values.f).toBeUndefined();
  });
});

describe('image and video kinds', () => {
  test('image-only rejects other files with 请上传图片; an image error opens the 上传错误 dialog', async () => {
    server = fakeServer({ 'POST /sys/common/upload': () => env(null, '图片太大', false) });
    renderSchema({ type: 'object', properties: { img: { type: 'string', 'x-component': 'JImageUpload' } } });
    await waitFor(() => expect(document.querySelector('input[type="file"]')).not.toBeNull());
    await user().upload(fileInput(), pdf());
    expect(await screen.findByText('请上传图片')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
    await user().upload(fileInput(), png());
    // The dialog's code loads on the first modal (feedback().modal): wait until it is there.
    const title = await waitFor(
      () => {
        const found = document.querySelector<HTMLElement>('.ant-modal-confirm-title');
        if (!found) throw new Error('no error dialog yet');
        return found;
        // Loading the dialog's code may take seconds on a busy machine.
      },
      { timeout: 8000 },
    );
    expect(title).toHaveTextContent('上传错误');
    expect(document.querySelector('.ant-modal-confirm-content')).toHaveTextContent('错误信息：图片太大');
  });

  test('video rejects non-videos with 请上传视频 and takes a video', async () => {
    server = fakeServer({
      'POST /sys/common/upload': () => env({ path: 'videos/20261122/v.mp4' }, 'videos/20261122/v.mp4'),
    });
    const { form } = renderSchema({
      type: 'object',
      properties: {
        v: {
          type: 'string',
          'x-component': 'JUpload',
          'x-component-props': { fileType: 'video', biz: 'videos' },
        },
      },
    });
    expect(screen.getByRole('button', { name: /上传视频/ })).toBeInTheDocument();
    await user().upload(fileInput(), png());
    expect(await screen.findByText('请上传视频')).toBeInTheDocument();
    await user().upload(fileInput(), mp4());
    await waitFor(() => expect(form.values.v).toBe('videos/20261122/v.mp4'));
  });

  test('stored pictures are fetched with the token and shown from a blob', async () => {
    useSessionStore.setState({ token: 'tok-123' });
    const created: Blob[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:preview-1';
    };
    server = fakeServer({
      'GET /sys/common/static/images/20261122/a.png': () =>
        new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }),
    });
    try {
      renderSchema(
        { type: 'object', properties: { img: { type: 'string', 'x-component': 'JImageUpload' } } },
        { img: 'images/20261122/a.png' },
      );
      await waitFor(() => expect(document.querySelector('img[src="blob:preview-1"]')).not.toBeNull());
      expect(server.calls[0].headers['x-access-token']).toBe('tok-123');
      expect(created).toHaveLength(1);
    } finally {
      URL.createObjectURL = original;
    }
  });
});

describe('object storage (spec §7, §9)', () => {
  let ossCalls: Array<{ url?: string; data: FormData; headers: Record<string, unknown> }>;
  const previous = axios.defaults.adapter;
  beforeEach(() => {
    forgetOssSignature();
    ossCalls = [];
    const adapter: AxiosAdapter = async (config) => {
      ossCalls.push({
        url: config.url,
        data: config.data as FormData,
        headers: (config.headers as unknown as { toJSON(): Record<string, unknown> }).toJSON(),
      });
      config.onUploadProgress?.({
        loaded: 100,
        total: 100,
        bytes: 100,
        lengthComputable: true,
      } as AxiosProgressEvent);
      return { data: '', status: 200, statusText: 'OK', headers: {}, config, request: {} };
    };
    axios.defaults.adapter = adapter;
  });
  afterEach(() => {
    axios.defaults.adapter = previous;
  });

  test('posts key, policy, OSSAccessKeyId, signature and success_action_status 200 to the host, without our token', async () => {
    useSessionStore.setState({ token: 'tok-123' });
    server = fakeServer({
      'GET /api/ali/oss/getSignature': () =>
        env({
          accessid: 'AK1',
          host: 'https://bucket.oss.example.cn',
          policy: 'cG9saWN5',
          signature: 'c2ln',
          dir: 'console/',
          expire: Math.floor(Date.now() / 1000) + 60,
        }),
    });
    const { form } = renderSchema({
      type: 'object',
      properties: { f: { type: 'string', 'x-component': 'JUpload', 'x-component-props': { target: 'oss' } } },
    });
    await user().upload(fileInput(), pdf('报告.pdf'));
    await waitFor(() =>
      expect(form.values.f).toMatch(
        /^https:\/\/bucket\.oss\.example\.cn\/console\/uploads\/admin\/\d{8}\/[a-z0-9]+_报告\.pdf$/,
      ),
    );
    const sent = ossCalls[0];
    expect(sent.url).toBe('https://bucket.oss.example.cn');
    expect([...sent.data.keys()]).toEqual([
      'key',
      'policy',
      'OSSAccessKeyId',
      'signature',
      'success_action_status',
      'file',
    ]);
    expect(sent.data.get('OSSAccessKeyId')).toBe('AK1');
    expect(sent.data.get('success_action_status')).toBe('200');
    expect(sent.headers['X-Access-Token']).toBeUndefined();
  });

  test('the signature is reused until 5 s before it expires', async () => {
    let expire = Math.floor(Date.now() / 1000) + 60;
    server = fakeServer({
      'GET /api/ali/oss/getSignature': () =>
        env({ accessid: 'AK', host: 'https://h', policy: 'p', signature: 's', dir: 'd/', expire }),
    });
    const now = Date.now();
    await ossSignature(now);
    await ossSignature(now + 50_000);
    expect(server.to('/api/ali/oss/getSignature')).toHaveLength(1);
    expire = Math.floor(now / 1000) + 120;
    await ossSignature(now + 56_000);
    expect(server.to('/api/ali/oss/getSignature')).toHaveLength(2);
  });

  test('rich-text key is dir + uploads/admin/{YYYYMMDD}/{filename}', () => {
    expect(ossKey('console/', 'a.png', true, new Date(2026, 10, 2))).toBe(
      'console/uploads/admin/20261102/a.png',
    );
  });

  test('no object storage configured: the server message is the upload error', async () => {
    server = fakeServer({ 'GET /api/ali/oss/getSignature': () => env(null, '对象存储未配置', false) });
    renderSchema({
      type: 'object',
      properties: { f: { type: 'string', 'x-component': 'JUpload', 'x-component-props': { target: 'oss' } } },
    });
    await user().upload(fileInput(), pdf('x.pdf'));
    expect(await screen.findByText('x.pdf 上传失败：对象存储未配置')).toBeInTheDocument();
  });
});

test('attachments go to /api/sys/attachment/upload with the folder', async () => {
  server = fakeServer({
    'POST /api/sys/attachment/upload': (req) =>
      env({ fileName: '说明.pdf', filePath: `aritcle/20261122/x.pdf`, fileSize: 8, folder: req.params.path }),
  });
  const { form } = renderSchema({
    type: 'object',
    properties: {
      f: {
        type: 'string',
        'x-component': 'JUpload',
        'x-component-props': { target: 'attachment', folder: 'aritcle' },
      },
    },
  });
  await user().upload(fileInput(), pdf('说明.pdf'));
  await waitFor(() => expect(form.values.f).toBe('aritcle/20261122/x.pdf'));
  expect(server.calls[0].params.path).toBe('aritcle');
});

describe('file names in tables and the file pop-up (spec §2, §9)', () => {
  test('names are cut to 5 characters', () => {
    expect(shortFileName('检验报告单2026.pdf')).toBe('检验报告单...');
    expect(shortFileName('a.pdf')).toBe('a.pdf');
    render(<FileNameCell value="files/20261122/x.pdf,files/b.pdf" name="门诊病历记录.pdf" />);
    expect(screen.getByRole('link')).toHaveTextContent('门诊病历记...');
  });

  test('the pop-up is 520 wide and OK without a file says 没有上传文件', async () => {
    server = fakeServer({ 'POST /sys/common/upload': () => env(null, 'temp/20261122/p.pdf') });
    const onOk = vi.fn();
    render(
      <Providers>
        <FilePopup open onOk={onOk} onCancel={() => undefined} />
      </Providers>,
    );
    const dlg = (await screen.findByText('文件上传')).closest('.ant-modal') as HTMLElement;
    expect(dlg.style.width).toBe('520px');
    await userEvent.click(within(dlg).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('没有上传文件')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
    await user().upload(dlg.querySelector('input[type=file]') as HTMLInputElement, pdf());
    await waitFor(() => expect(dlg.querySelector('.ant-upload-list-item-done')).not.toBeNull());
    fireEvent.click(within(dlg).getByRole('button', { name: '确定' }));
    expect(onOk).toHaveBeenCalledWith('temp/20261122/p.pdf');
  });
});
