import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AREA_ROOT, areaPath, areaText, loadAreaData } from '../../../src/client/widgets/area/area';
import { renderSchema } from './formily';

test('area data: province, city and county under root 86', async () => {
  const data = await loadAreaData();
  expect(Object.keys(data[AREA_ROOT])).toHaveLength(34);
  expect(data[AREA_ROOT]['110000']).toBe('北京市');
  expect(areaPath(data, '130102')).toEqual(['130000', '130100', '130102']);
  expect(areaText(data, '130102')).toBe('河北省/石家庄市/长安区');
  expect(areaPath(data, '999999')).toEqual([]);
});

test('cascader (default) shows the names of a stored county code and picks a new one', async () => {
  const { form } = renderSchema({ type: 'object', properties: { area: { type: 'string', 'x-component': 'JAreaLinkage' } } }, { area: '110101' });
  expect(await screen.findByText('北京市 / 北京市 / 东城区')).toBeInTheDocument();
  fireEvent.mouseDown(document.querySelector('.ant-select-selector') as HTMLElement);
  await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: '河北省' }).catch(() => screen.findByTitle('河北省')));
  await userEvent.click(await screen.findByTitle('石家庄市'));
  await userEvent.click(await screen.findByTitle('长安区'));
  await waitFor(() => expect(form.values.area).toBe('130102'));
});

test('select mode: three selects that follow each other', async () => {
  const { form } = renderSchema({ type: 'object', properties: { area: { type: 'string', 'x-component': 'JAreaLinkage', 'x-component-props': { type: 'select' } } } });
  const selects = await waitFor(() => {
    const found = document.querySelectorAll('.ant-select');
    expect(found).toHaveLength(3);
    return [...found] as HTMLElement[];
  });
  expect(selects[1]).toHaveClass('ant-select-disabled');
  fireEvent.mouseDown(selects[0].querySelector('.ant-select-selector') as HTMLElement);
  // Searching narrows the long province list.
  fireEvent.change(selects[0].querySelector('input') as HTMLInputElement, { target: { value: '浙江' } });
  await userEvent.click(await screen.findByTitle('浙江省'));
  expect(form.values.area).toBe('330000');
  fireEvent.mouseDown(selects[1].querySelector('.ant-select-selector') as HTMLElement);
  await userEvent.click(await screen.findByTitle('杭州市'));
  expect(form.values.area).toBe('330100');
  fireEvent.mouseDown(selects[2].querySelector('.ant-select-selector') as HTMLElement);
  fireEvent.change(selects[2].querySelector('input') as HTMLInputElement, { target: { value: '西湖' } });
  await userEvent.click(await screen.findByTitle('西湖区'));
  expect(form.values.area).toBe('330106');
});

test("a wrong type says so ('Bad type value')", () => {
  renderSchema({ type: 'object', properties: { area: { type: 'string', 'x-component': 'JAreaLinkage', 'x-component-props': { type: 'tree' } } } });
  expect(screen.getByText('type 值错误：tree（可选 cascader、select）')).toBeInTheDocument();
});
