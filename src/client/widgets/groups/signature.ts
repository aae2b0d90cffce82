// The signature pad loads only when a form with a signature field opens.
import { connect } from '@formily/react';
import { JSignature as Signature } from '../signature/JSignature';

export const JSignature = connect(Signature);
