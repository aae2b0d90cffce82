import { SliderVerify } from './SliderVerify';

export interface JSliderProps {
  /** true once verified. */
  value?: boolean;
  onChange?: (value: boolean) => void;
  width?: number;
}

/** The slider as a form field: its value turns true when the user has dragged it across. */
export function JSlider({ value, onChange, width }: JSliderProps) {
  return <SliderVerify passed={value === true} width={width} onSuccess={() => onChange?.(true)} />;
}
