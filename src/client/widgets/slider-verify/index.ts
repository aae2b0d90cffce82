/** Entry the sign-in page imports: the slider alone, without Formily. */
export { SliderVerify, type SliderVerifyProps } from './SliderVerify';
