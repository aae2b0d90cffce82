import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import type { UploadTarget } from '../upload/transport';
import { EditorToolbar } from './EditorToolbar';
import { sanitizeRichText } from './sanitize';
import { StoredImage } from './stored-image';

export interface RichTextEditorProps {
  /** HTML. */
  value?: string | null;
  onChange?: (html: string) => void;
  /** Editing area height in px (default 300, spec §9). */
  height?: number;
  disabled?: boolean;
  /** Where pictures go: 'server' (default) or 'oss' (key dir + uploads/admin/{YYYYMMDD}/{filename}). */
  uploadTarget?: UploadTarget;
  /** Server folder for pictures (default 'jeditor'). */
  biz?: string;
}

/** Rich-text editor (TipTap 3): Chinese toolbar, no menu bar, pictures through the upload widget; emits sanitised HTML. */
export default function RichTextEditor({ value, onChange, height = 300, disabled, uploadTarget = 'server', biz = 'jeditor' }: RichTextEditorProps) {
  const lastEmitted = useRef<string>(value ?? '');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }), StoredImage],
    content: sanitizeRichText(value),
    editable: !disabled,
    onUpdate: ({ editor: ed }) => {
      const html = ed.isEmpty ? '' : sanitizeRichText(ed.getHTML());
      lastEmitted.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (form reset, a loaded record) replaces the document.
  useEffect(() => {
    if (!editor || !editor.isInitialized || (value ?? '') === lastEmitted.current) return;
    lastEmitted.current = value ?? '';
    editor.commands.setContent(sanitizeRichText(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor?.isInitialized && editor.isEditable === !!disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  if (!editor) return null;
  return (
    <div className="j-editor" style={{ border: '1px solid var(--ant-color-border)', borderRadius: 6 }}>
      <EditorToolbar editor={editor} disabled={disabled} uploadTarget={uploadTarget} biz={biz} />
      <EditorContent editor={editor} style={{ height, overflowY: 'auto', padding: '8px 12px' }} />
    </div>
  );
}
