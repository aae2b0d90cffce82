import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { JInputInteger } from '../../../src/client/widgets/integer/JInputInteger';
import { formatThousands, normaliseNumber } from '../../../src/client/widgets/number/number-text';
import { JInputNumber, type JInputNumberProps } from '../../../src/client/widgets/number/JInputNumber';
import { renderSchema } from './formily';

function Controlled(props: Omit<JInputNumberProps, 'value' | 'onChange'> & { initial?: number; spy?: (v: number | undefined) => void }) {
  const [value, setValue] = useState<number | undefined>(props.initial);
  return (
    <>
      <JInputNumber
        {...props}
        value={value}
        onChange={(v) => {
          setValue(v);
          props.spy?.(v);
        }}
      />
      <output data-testid="value">{value === undefined ? 'empty' : String(value)}</output>
    </>
  );
}

describe('numeric input (spec §5)', () => {
  test('on blur: invalid becomes empty', async () => {
    render(<Controlled initial={5} />);
    const input = screen.getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, '12a');
    fireEvent.blur(input);
    expect(screen.getByTestId('value')).toHaveTextContent('empty');
    expect(input).toHaveValue('');
  });

  test('on blur: clamped to min and max, rounded to precision', async () => {
    render(<Controlled min={0} max={1000} precision={2} />);
    const input = screen.getByRole('textbox');
    await userEvent.type(input, '1234.5');
    fireEvent.blur(input);
    expect(screen.getByTestId('value')).toHaveTextContent('1000');
    await userEvent.click(input);
    await userEvent.clear(input);
    await userEvent.type(input, '-3');
    fireEvent.blur(input);
    expect(screen.getByTestId('value')).toHaveTextContent('0');
    await userEvent.click(input);
    await userEvent.clear(input);
    await userEvent.type(input, '3.14159');
    fireEvent.blur(input);
    expect(screen.getByTestId('value')).toHaveTextContent('3.14');
  });

  test('shows thousands separators when not editing, the plain number while editing', async () => {
    render(<Controlled initial={1234567.5} />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveValue('1,234,567.5');
    await userEvent.click(input);
    expect(input).toHaveValue('1234567.5');
  });

  test('helpers', () => {
    expect(normaliseNumber('1,234.567', { precision: 1 })).toBe(1234.6);
    expect(normaliseNumber('-', {})).toBeUndefined();
    expect(formatThousands(-9876543.21, 2)).toBe('-9,876,543.21');
    expect(formatThousands(1000, 2)).toBe('1,000.00');
  });
});

describe('integer input (spec §5)', () => {
  test('keeps digits only; min defaults to 0; prefix and suffix show', async () => {
    const { form } = renderSchema({
      type: 'object',
      properties: {
        age: { type: 'number', 'x-component': 'JInputInteger', 'x-component-props': { prefix: '约', suffix: '岁' } },
        count: { type: 'number', 'x-component': 'JInputInteger', 'x-component-props': { min: 5, max: 9, placeholder: '数量' } },
      },
    });
    const [age, count] = screen.getAllByRole('textbox');
    await userEvent.type(age, '-1a2.3');
    expect(form.values.age).toBe(123);
    expect(screen.getByText('约')).toBeInTheDocument();
    expect(screen.getByText('岁')).toBeInTheDocument();
    await userEvent.type(count, '2');
    fireEvent.blur(count);
    expect(form.values.count).toBe(5);
    await userEvent.clear(count);
    await userEvent.type(count, '42');
    fireEvent.blur(count);
    expect(form.values.count).toBe(9);
  });

  test('0 is allowed by default and stays', async () => {
    render(<JInputInteger value={0} />);
    expect(screen.getByRole('textbox')).toHaveValue('0');
  });
});
