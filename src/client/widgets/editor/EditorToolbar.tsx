import {
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Button, Divider, Select, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { staticUrl } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { ImageUploadButton } from '../upload/ImageUploadButton';
import type { UploadTarget } from '../upload/transport';

interface ToolbarProps {
  editor: Editor;
  disabled?: boolean;
  uploadTarget: UploadTarget;
  biz?: string;
}

/** The editor's one toolbar (there is no menu bar), every button with a Chinese label. */
export function EditorToolbar({ editor, disabled, uploadTarget, biz }: ToolbarProps) {
  const e = t.widgets.editor;
  const state = useEditorState({
    editor,
    selector: ({ editor: ed }) => ({
      bold: ed.isActive('bold'),
      italic: ed.isActive('italic'),
      underline: ed.isActive('underline'),
      strike: ed.isActive('strike'),
      bulletList: ed.isActive('bulletList'),
      orderedList: ed.isActive('orderedList'),
      blockquote: ed.isActive('blockquote'),
      codeBlock: ed.isActive('codeBlock'),
      link: ed.isActive('link'),
      heading: ([1, 2, 3] as const).find((level) => ed.isActive('heading', { level })) ?? 0,
      canUndo: ed.can().undo(),
      canRedo: ed.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: ReactNode, run: () => void, active = false, enabled = true) => (
    <Tooltip title={label} key={label}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={label} aria-pressed={active} icon={icon} disabled={disabled || !enabled} onClick={run} />
    </Tooltip>
  );
  return (
    <Space size={2} wrap className="j-editor-toolbar" style={{ padding: 4, borderBottom: '1px solid var(--ant-color-border-secondary)' }}>
      <Select
        size="small"
        aria-label={e.paragraph}
        style={{ width: 88 }}
        disabled={disabled}
        value={state?.heading ?? 0}
        options={[{ value: 0, label: e.paragraph }, ...[1, 2, 3].map((level) => ({ value: level, label: e.heading(level) }))]}
        onChange={(level: number) =>
          level === 0 ? chain().setParagraph().run() : chain().toggleHeading({ level: level as 1 | 2 | 3 }).run()
        }
      />
      <Divider type="vertical" />
      {tool(e.bold, <BoldOutlined />, () => chain().toggleBold().run(), state?.bold)}
      {tool(e.italic, <ItalicOutlined />, () => chain().toggleItalic().run(), state?.italic)}
      {tool(e.underline, <UnderlineOutlined />, () => chain().toggleUnderline().run(), state?.underline)}
      {tool(e.strike, <StrikethroughOutlined />, () => chain().toggleStrike().run(), state?.strike)}
      <Divider type="vertical" />
      {tool(e.bulletList, <UnorderedListOutlined />, () => chain().toggleBulletList().run(), state?.bulletList)}
      {tool(e.orderedList, <OrderedListOutlined />, () => chain().toggleOrderedList().run(), state?.orderedList)}
      {tool(e.blockquote, <span aria-hidden>”</span>, () => chain().toggleBlockquote().run(), state?.blockquote)}
      {tool(e.codeBlock, <CodeOutlined />, () => chain().toggleCodeBlock().run(), state?.codeBlock)}
      {tool(e.horizontalRule, <LineOutlined />, () => chain().setHorizontalRule().run())}
      <Divider type="vertical" />
      {tool(
        state?.link ? e.unlink : e.link,
        <LinkOutlined />,
        () => {
          if (state?.link) return void chain().unsetLink().run();
          const href = window.prompt(e.linkPrompt)?.trim();
          if (!href) return;
          if (!/^https?:\/\//i.test(href)) return void feedback().message.warning(t.widgets.rules.url);
          chain().extendMarkRange('link').setLink({ href, target: '_blank' }).run();
        },
        state?.link,
      )}
      <ImageUploadButton
        target={uploadTarget}
        biz={biz}
        disabled={disabled}
        onUploaded={(path, name) => chain().insertImage({ src: staticUrl(path), alt: name }).run()}
      >
        <Tooltip title={e.image}>
          <Button size="small" type="text" aria-label={e.image} icon={<PictureOutlined />} disabled={disabled} />
        </Tooltip>
      </ImageUploadButton>
      <Divider type="vertical" />
      {tool(e.undo, <UndoOutlined />, () => chain().undo().run(), false, state?.canUndo)}
      {tool(e.redo, <RedoOutlined />, () => chain().redo().run(), false, state?.canRedo)}
      {tool(e.clear, <ClearOutlined />, () => chain().unsetAllMarks().clearNodes().run())}
    </Space>
  );
}
