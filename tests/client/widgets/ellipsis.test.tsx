import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ellipsisText, textWidth } from '../../../src/client/widgets/ellipsis/ellipsis-text';
import { JEllipsis } from '../../../src/client/widgets/ellipsis/JEllipsis';

describe('ellipsis text (spec §9)', () => {
  test('a full-width character counts 2, default length 25', () => {
    expect(textWidth('张三ab')).toBe(6);
    expect(ellipsisText('a'.repeat(25))).toBe('a'.repeat(25));
    expect(ellipsisText('a'.repeat(26))).toBe(`${'a'.repeat(25)}...`);
    // 13 Chinese characters are 26 wide: 12 fit in 25.
    expect(ellipsisText('一二三四五六七八九十甲乙丙')).toBe('一二三四五六七八九十甲乙...');
    expect(ellipsisText('医院ab', 5)).toBe('医院a...');
  });

  test('the widget shows the cut text and the whole text on hover', async () => {
    render(<JEllipsis value="北京协和医院心内科门诊部第一诊室" length={10} />);
    expect(screen.getByText('北京协和医...')).toBeInTheDocument();
    await userEvent.hover(screen.getByText('北京协和医...'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('北京协和医院心内科门诊部第一诊室');
  });

  test('short text shows whole', () => {
    render(<JEllipsis value="内科" />);
    expect(screen.getByText('内科')).toBeInTheDocument();
  });
});
