import { connect } from '@formily/react';
import RichTextEditor from '../editor/RichTextEditor';

export const JEditor = connect(RichTextEditor);
