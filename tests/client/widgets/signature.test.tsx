import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '../../../src/client/session/store';
import { env, fakeServer } from './fake-server';
import { renderSchema } from './formily';

/**
 * jsdom has no canvas: a context that records the path calls stands in for the browser's 2D context,
 * and toBlob answers the PNG signature bytes. The real drawing and upload run in tests/e2e/signature.test.ts.
 */
type Call = [string, ...number[]];
let calls: Call[] = [];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const record =
  (name: string) =>
  (...args: number[]) =>
    void calls.push([name, ...args]);
const fakeContext = {
  fillRect: record('fillRect'),
  beginPath: record('beginPath'),
  moveTo: record('moveTo'),
  lineTo: record('lineTo'),
  quadraticCurveTo: record('quadraticCurveTo'),
  arc: record('arc'),
  stroke: record('stroke'),
  fill: record('fill'),
  clearRect: record('clearRect'),
};

const original = {
  getContext: HTMLCanvasElement.prototype.getContext,
  toBlob: HTMLCanvasElement.prototype.toBlob,
  getBoundingClientRect: HTMLCanvasElement.prototype.getBoundingClientRect,
  createObjectURL: URL.createObjectURL,
};

let server: ReturnType<typeof fakeServer> | undefined;
beforeEach(() => {
  calls = [];
  HTMLCanvasElement.prototype.getContext = (() => fakeContext) as unknown as typeof original.getContext;
  HTMLCanvasElement.prototype.toBlob = function toBlob(cb: BlobCallback) {
    cb(new Blob([PNG], { type: 'image/png' }));
  };
  // Shown at half the picture's size, as on a narrow screen.
  HTMLCanvasElement.prototype.getBoundingClientRect = function rect(this: HTMLCanvasElement) {
    return {
      left: 10,
      top: 20,
      width: this.width / 2,
      height: this.height / 2,
      right: 0,
      bottom: 0,
      x: 10,
      y: 20,
      toJSON: () => ({}),
    };
  };
  let n = 0;
  URL.createObjectURL = () => `blob:signature-${++n}`;
  useSessionStore.setState({ token: 'tok-sign' });
});
afterEach(() => {
  server?.restore();
  server = undefined;
  Object.assign(HTMLCanvasElement.prototype, {
    getContext: original.getContext,
    toBlob: original.toBlob,
    getBoundingClientRect: original.getBoundingClientRect,
  });
  URL.createObjectURL = original.createObjectURL;
  useSessionStore.setState({ token: null });
});

const schema = (props: Record<string, unknown> = {}, pattern?: string) => ({
  type: 'object',
  properties: {
    sign: {
      type: 'string',
      title: '患者签名',
      'x-decorator': 'FormItem',
      'x-component': 'JSignature',
      'x-component-props': { width: 400, height: 200, ...props },
      ...(pattern ? { 'x-pattern': pattern } : {}),
    },
  },
});

const canvas = () => screen.getByRole('img', { name: /签名区域/ });
// antd keeps the loading icon (named "loading") in the button while it fades out.
const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^(loading)?${name}$`) });

/** A mouse stroke through the given client points. */
function draw(points: Array<[number, number]>, pointerId = 1) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas(), {
    pointerId,
    pointerType: 'mouse',
    button: 0,
    clientX: first[0],
    clientY: first[1],
  });
  for (const [x, y] of rest)
    fireEvent.pointerMove(canvas(), { pointerId, pointerType: 'mouse', clientX: x, clientY: y });
  fireEvent.pointerUp(canvas(), {
    pointerId,
    pointerType: 'mouse',
    clientX: rest.at(-1)?.[0],
    clientY: rest.at(-1)?.[1],
  });
}

const staticImage = (path: string) => ({
  [`GET /sys/common/static/${path}`]: () => new Blob([PNG], { type: 'image/png' }),
});

describe('JSignature', () => {
  test('empty: a labelled canvas that does not scroll the page, 请在此处签名, nothing to confirm yet', async () => {
    renderSchema(schema());
    expect(await screen.findByText('请在此处签名')).toBeInTheDocument();
    expect(canvas()).toHaveStyle({ touchAction: 'none', width: '100%' });
    expect(canvas()).toHaveAttribute('width', '400');
    expect(canvas()).toHaveAttribute('height', '200');
    expect(button('确认签名')).toBeDisabled();
    expect(button('撤销')).toBeDisabled();
    expect(button('清除')).toBeDisabled();
    // The paper is painted.
    expect(calls).toContainEqual(['fillRect', 0, 0, 400, 200]);
  });

  test('drawing draws a smooth path at the picture scale; undo and clear take strokes away', async () => {
    renderSchema(schema());
    await screen.findByText('请在此处签名');
    draw([
      [20, 30],
      [40, 50],
      [60, 50],
      [80, 40],
    ]);
    expect(screen.queryByText('请在此处签名')).toBeNull();
    // Client (20,30) on a canvas shown at half size from (10,20) is picture point (20,20).
    expect(calls).toContainEqual(['moveTo', 20, 20]);
    expect(calls.some(([name]) => name === 'quadraticCurveTo')).toBe(true);
    expect(calls).toContainEqual(['lineTo', 140, 40]);
    expect(button('确认签名')).toBeEnabled();

    // A second finger while the first draws does not draw.
    fireEvent.pointerDown(canvas(), { pointerId: 5, pointerType: 'touch', clientX: 100, clientY: 100 });
    draw([
      [100, 100],
      [120, 110],
    ]);
    await userEvent.click(button('撤销'));
    expect(screen.queryByText('请在此处签名')).toBeNull();
    calls = [];
    await userEvent.click(button('撤销'));
    expect(screen.getByText('请在此处签名')).toBeInTheDocument();
    // Undone strokes are not drawn again.
    expect(calls.filter(([name]) => name === 'moveTo')).toEqual([]);

    draw([
      [20, 30],
      [40, 50],
    ]);
    await userEvent.click(button('清除'));
    expect(screen.getByText('请在此处签名')).toBeInTheDocument();
    expect(button('确认签名')).toBeDisabled();
  });

  test('the buttons are reached with the keyboard', async () => {
    renderSchema(schema());
    await screen.findByText('请在此处签名');
    draw([
      [20, 30],
      [40, 50],
    ]);
    const user = userEvent.setup();
    await user.tab();
    expect(button('清除')).toHaveFocus();
    await user.tab();
    expect(button('撤销')).toHaveFocus();
    await user.tab();
    expect(button('确认签名')).toHaveFocus();
  });

  test('确认签名 uploads the PNG to the medical folder, shows the upload, stores the path and shows the picture', async () => {
    const path = 'medical/20261126/0123456789abcdef0123456789abcdef.png';
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    server = fakeServer({
      'POST /sys/common/upload': async () => {
        await gate;
        return env(null, path);
      },
      ...staticImage(path),
    });
    const { form } = renderSchema(schema());
    await screen.findByText('请在此处签名');
    draw([
      [20, 30],
      [60, 60],
    ]);
    await userEvent.click(button('确认签名'));
    expect(await screen.findByText('正在上传签名…')).toBeInTheDocument();
    expect(form.values.sign).toBeUndefined();
    await act(async () => release());
    await waitFor(() => expect(form.values.sign).toBe(path));

    const sent = server.to('/sys/common/upload')[0];
    const data = sent.data as FormData;
    expect(data.get('biz')).toBe('medical');
    const file = data.get('file') as File;
    expect(file.type).toBe('image/png');
    expect(file.name).toBe('签名.png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);

    // The picture comes through the signed-in download, as the upload widget's pictures do.
    const img = await screen.findByRole('img', { name: '签名图片' });
    expect(img.getAttribute('src')).toMatch(/^blob:signature-/);
    const download = server.to(`/sys/common/static/${path}`)[0];
    expect(download.headers['x-access-token']).toBe('tok-sign');
    expect(button('重新签名')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /签名区域/ })).toBeNull();
  });

  test('a refused upload says why in Chinese, keeps the drawing and can be confirmed again', async () => {
    let refuse = true;
    const path = 'medical/20261126/ffffffffffffffffffffffffffffffff.png';
    server = fakeServer({
      'POST /sys/common/upload': () =>
        refuse ? env(null, '文件内容与扩展名 .png 不符', false) : env(null, path),
      ...staticImage(path),
    });
    const { form } = renderSchema(schema());
    await screen.findByText('请在此处签名');
    draw([
      [20, 30],
      [60, 60],
    ]);
    await userEvent.click(button('确认签名'));
    expect(await screen.findByText('签名上传失败：文件内容与扩展名 .png 不符')).toBeInTheDocument();
    expect(form.values.sign).toBeUndefined();
    expect(screen.queryByText('请在此处签名')).toBeNull();
    refuse = false;
    await userEvent.click(button('确认签名'));
    await waitFor(() => expect(form.values.sign).toBe(path));
  });

  test('a stored signature shows the picture with 重新签名; 取消 returns to it', async () => {
    const path = 'medical/20261120/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png';
    server = fakeServer(staticImage(path));
    const { form } = renderSchema(schema(), { sign: path });
    // While the picture downloads.
    expect(screen.getByText('正在加载签名…')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: '签名图片' })).toBeInTheDocument();
    await userEvent.click(button('重新签名'));
    expect(screen.getByText('请在此处签名')).toBeInTheDocument();
    await userEvent.click(button('取消'));
    expect(await screen.findByRole('img', { name: '签名图片' })).toBeInTheDocument();
    expect(form.values.sign).toBe(path);
  });

  test('read-only and preview show just the picture; no signature reads 未签名; a missing picture says so', async () => {
    const path = 'medical/20261120/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png';
    server = fakeServer({
      ...staticImage(path),
      // The other picture is gone from the store.
      'GET /sys/common/static/medical/20261120/cccccccccccccccccccccccccccccccc.png': () => {
        throw new Error('Request failed with status code 404');
      },
    });
    renderSchema(
      {
        type: 'object',
        properties: {
          a: schema({}, 'readPretty').properties.sign,
          b: schema({}, 'readOnly').properties.sign,
          c: schema({}, 'readPretty').properties.sign,
          d: schema({}, 'readPretty').properties.sign,
        },
      },
      { a: path, b: path, d: 'medical/20261120/cccccccccccccccccccccccccccccccc.png' },
    );
    await waitFor(() => expect(screen.getAllByRole('img', { name: '签名图片' })).toHaveLength(2));
    expect(screen.getByText('未签名')).toBeInTheDocument();
    expect(await screen.findByText('签名图片加载失败')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('img', { name: /签名区域/ })).toBeNull();
  });
});
