import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { sanitizeRichText as serverSanitize } from '../../../src/server/lib/sanitize-html';
import RichTextEditor from '../../../src/client/widgets/editor/RichTextEditor';
import { sanitizeRichText } from '../../../src/client/widgets/editor/sanitize';
import { env, fakeServer } from './fake-server';
import { Providers, renderSchema } from './formily';

const ATTACK =
  '<p>正文<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>' +
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">' +
  '<a href="https://example.cn" target="_blank">官网</a><iframe src="https://evil.example"></iframe>' +
  '<span style="color:#ff0000;position:fixed">红</span></p>';

describe('sanitising (client DOMPurify and server sanitize-html agree on what matters)', () => {
  test.each([
    ['client', sanitizeRichText],
    ['server', serverSanitize],
  ])('%s removes scripts, handlers, javascript: and data: URLs and frames', (_name, clean) => {
    const out = clean(ATTACK);
    expect(out).toContain('正文');
    expect(out).toContain('链接');
    expect(out).not.toMatch(/<script|onerror|javascript:|<iframe|data:image/i);
    expect(out).toContain('href="https://example.cn"');
    expect(out).toMatch(/rel="noopener noreferrer"/);
    expect(out).not.toContain('position');
  });
});

function Harness({ initial = '' }: { initial?: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <Providers>
      <RichTextEditor value={html} onChange={setHtml} />
      <output data-testid="html">{html}</output>
    </Providers>
  );
}

/** Pastes HTML the way a browser hands it to the editor. */
function paste(target: HTMLElement, html: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? html.replace(/<[^>]+>/g, '') : ''), types: ['text/html', 'text/plain'] },
  });
  target.dispatchEvent(event);
}

describe('rich-text editor (TipTap 3)', () => {
  // jsdom has no layout; ProseMirror asks for a point's element when it scrolls the caret into view.
  beforeAll(() => {
    (Document.prototype as unknown as { elementFromPoint: () => null }).elementFromPoint ??= () => null;
    const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects ??= noRects;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });
  let server: ReturnType<typeof fakeServer>;
  afterEach(() => server?.restore());

  test('Chinese toolbar, no menu bar, 300 px high; unsafe content never shows', async () => {
    render(<Harness initial={ATTACK} />);
    for (const label of ['加粗', '斜体', '下划线', '删除线', '无序列表', '有序列表', '引用', '代码块', '插入图片', '撤销', '重做', '清除格式'])
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    expect(screen.queryByRole('menubar')).not.toBeInTheDocument();
    const content = document.querySelector('.j-editor .ProseMirror') as HTMLElement;
    expect((content.parentElement as HTMLElement).style.height).toBe('300px');
    expect(content.innerHTML).not.toMatch(/<script|onerror|javascript:/);
    expect(content).toHaveTextContent('正文');
  }, 30_000);

  test('pasted content and toolbar formatting come out as sanitised HTML', async () => {
    render(<Harness />);
    const content = document.querySelector('.j-editor .ProseMirror') as HTMLElement;
    await userEvent.click(content);
    act(() => paste(content, '<p><strong>门诊</strong>须知<script>alert(1)</script><img src=x onerror=alert(1)></p>'));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toBe('<p><strong>门诊</strong>须知</p>'));
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: '斜体' }));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toBe('<p><strong><em>门诊</em></strong><em>须知</em></p>'));
    await userEvent.click(screen.getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toBe('<p><strong>门诊</strong>须知</p>'));
  }, 30_000);

  test('pictures go through the upload widget and land as stored URLs', async () => {
    server = fakeServer({ 'POST /sys/common/upload': (req) => env(null, `jeditor/20261122/${(req.data as FormData).get('biz') === 'jeditor' ? 'pic' : 'wrong'}.png`) });
    render(<Harness initial="<p>图：</p>" />);
    // The file input is replaced after each choice.
    const input = () => document.querySelector('.j-editor input[type=file]') as HTMLInputElement;
    const u = userEvent.setup({ applyAccept: false });
    await u.upload(input(), new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText('请上传图片')).toBeInTheDocument();
    await u.upload(input(), new File([new Uint8Array([0x89, 0x50])], '图.png', { type: 'image/png' }));
    await waitFor(() => expect(server.to('/sys/common/upload')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toContain('<img src="/jeecg-boot/sys/common/static/jeditor/20261122/pic.png" alt="图.png">'));
  });

  test('as a form field it loads lazily and keeps HTML', async () => {
    const { form } = renderSchema({ type: 'object', properties: { body: { type: 'string', 'x-component': 'JEditor' } } }, { body: '<p>公告</p>' });
    const content = await waitFor(
      () => {
        const el = document.querySelector('.j-editor .ProseMirror');
        expect(el).not.toBeNull();
        return el as HTMLElement;
      },
      { timeout: 10_000 },
    );
    expect(content).toHaveTextContent('公告');
    await act(() => form.setValues({ body: '<p>新的公告</p>' }, 'overwrite'));
    await waitFor(() => expect(content).toHaveTextContent('新的公告'));
  }, 30_000);
});
