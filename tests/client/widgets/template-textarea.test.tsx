import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { JTemplateTextarea } from '../../../src/client/widgets/template-textarea/JTemplateTextarea';
import { findPlaceholders, nextPlaceholder } from '../../../src/client/widgets/template-textarea/placeholders';

const TEMPLATE = '尊敬的{患者姓名}，您预约的{科室}门诊时间为{日期}。';

function Harness() {
  const [v, setV] = useState(TEMPLATE);
  return <JTemplateTextarea value={v} onChange={setV} />;
}

const selected = (el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd);

test('Tab selects each {placeholder} in turn and cycles back (spec §5)', async () => {
  render(<Harness />);
  const area = screen.getByRole('textbox') as HTMLTextAreaElement;
  await userEvent.click(area);
  area.setSelectionRange(0, 0);
  await userEvent.keyboard('{Tab}');
  expect(selected(area)).toBe('{患者姓名}');
  expect(area).toHaveFocus();
  await userEvent.keyboard('{Tab}');
  expect(selected(area)).toBe('{科室}');
  await userEvent.keyboard('{Tab}');
  expect(selected(area)).toBe('{日期}');
  await userEvent.keyboard('{Tab}');
  expect(selected(area)).toBe('{患者姓名}');
  // Typing replaces the selected placeholder.
  await userEvent.keyboard('张三');
  expect(area.value.startsWith('尊敬的张三，')).toBe(true);
  await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
  expect(selected(area)).toBe('{日期}');
});

test('without placeholders Tab leaves the field', async () => {
  render(
    <>
      <JTemplateTextarea value="没有占位符" />
      <button type="button">下一个</button>
    </>,
  );
  await userEvent.click(screen.getByRole('textbox'));
  await userEvent.keyboard('{Tab}');
  expect(screen.getByRole('button', { name: '下一个' })).toHaveFocus();
});

test('placeholder helpers', () => {
  expect(findPlaceholders('a{b}c{d}')).toEqual([
    [1, 4],
    [5, 8],
  ]);
  expect(nextPlaceholder('a{b}c{d}', 6, 6)).toEqual([1, 4]);
  expect(nextPlaceholder('abc', 0, 0)).toBeNull();
});
