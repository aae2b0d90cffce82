import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { SliderVerify } from '../../../src/client/widgets/slider-verify';
import { renderSchema } from './formily';

/** jsdom has no layout: pointer coordinates are set on the events themselves. */
function pointer(el: Element, type: 'pointerDown' | 'pointerMove' | 'pointerUp', clientX: number) {
  const event = createEvent[type](el, { pointerId: 1, bubbles: true });
  Object.defineProperty(event, 'clientX', { value: clientX });
  fireEvent(el, event);
}

test('dragging fully across passes and emits success once (spec §4)', () => {
  const onSuccess = vi.fn();
  render(<SliderVerify width={300} onSuccess={onSuccess} />);
  expect(screen.getByText('拖动滑块验证')).toBeInTheDocument();
  const handle = screen.getByRole('slider', { name: '滑块' });
  pointer(handle, 'pointerDown', 10);
  pointer(handle, 'pointerMove', 150);
  expect(handle).toHaveAttribute('aria-valuenow', '54');
  pointer(handle, 'pointerMove', 400);
  pointer(handle, 'pointerUp', 400);
  expect(screen.getByText('验证通过')).toBeInTheDocument();
  expect(onSuccess).toHaveBeenCalledTimes(1);
  // Once passed, it stays.
  pointer(handle, 'pointerDown', 10);
  pointer(handle, 'pointerUp', 10);
  expect(screen.getByText('验证通过')).toBeInTheDocument();
  expect(onSuccess).toHaveBeenCalledTimes(1);
});

test('released before the end it snaps back and stays unverified', () => {
  const onSuccess = vi.fn();
  render(<SliderVerify width={300} onSuccess={onSuccess} />);
  const handle = screen.getByRole('slider');
  pointer(handle, 'pointerDown', 0);
  pointer(handle, 'pointerMove', 200);
  pointer(handle, 'pointerUp', 200);
  expect(handle).toHaveAttribute('aria-valuenow', '0');
  expect(handle.style.left).toBe('0px');
  expect(screen.getByText('拖动滑块验证')).toBeInTheDocument();
  expect(onSuccess).not.toHaveBeenCalled();
});

test('as a form field (JSlider) its value becomes true', () => {
  const { form } = renderSchema({ type: 'object', properties: { human: { type: 'boolean', 'x-component': 'JSlider' } } });
  const handle = screen.getByRole('slider');
  pointer(handle, 'pointerDown', 0);
  pointer(handle, 'pointerUp', 500);
  expect(form.values.human).toBe(true);
});
