// Uploads: antd Upload and Image load only when a form with a file field opens.
import { connect } from '@formily/react';
import { JImageUpload as ImageUpload } from '../upload/JImageUpload';
import { JUpload as UploadWidget } from '../upload/JUpload';

export { Upload } from '@formily/antd-v5';

export const JUpload = connect(UploadWidget);
export const JImageUpload = connect(ImageUpload);
