import { mergeAttributes, Node, NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { t } from '../../locale/zh-CN';
import { useFileSrc } from '../upload/file-url';

declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    storedImage: {
      insertImage: (attrs: { src: string; alt?: string }) => ReturnType;
    };
  }
}

/** Shows an image whose file on our server needs the signed-in download (the HTML keeps the real URL). */
function ImageView({ node }: ReactNodeViewProps) {
  const src = String(node.attrs.src ?? '');
  const shown = useFileSrc(src);
  return (
    <NodeViewWrapper as="span" style={{ display: 'inline-block' }}>
      {shown.failed ? (
        <span style={{ color: 'var(--ant-color-error)' }}>{`${t.widgets.upload.imageLoadFailed} ${src}`}</span>
      ) : (
        <img src={shown.src || undefined} alt={String(node.attrs.alt ?? '')} style={{ maxWidth: '100%' }} />
      )}
    </NodeViewWrapper>
  );
}

/** Inline image node (TipTap's image extension is not part of the starter kit). */
export const StoredImage = Node.create({
  name: 'image',
  inline: true,
  group: 'inline',
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null }, title: { default: null } };
  },
  parseHTML() {
    // Only pictures with a web or same-site address; anything else (data:, javascript:, none) is dropped.
    return [{ tag: 'img[src]', getAttrs: (el) => (/^(https?:\/\/|\/[^/])/i.test((el as HTMLElement).getAttribute('src') ?? '') ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
  addNodeView() {
    return ReactNodeViewRenderer(ImageView);
  },
  addCommands() {
    return {
      insertImage:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});
