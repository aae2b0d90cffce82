import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { JNameLink } from '../../../src/client/widgets/name-link/JNameLink';
import { renderSchema } from './formily';

describe('switch (spec §9: Y/N, on equals the first)', () => {
  test('defaults to Y and N', async () => {
    const { form } = renderSchema({ type: 'object', properties: { enabled: { type: 'string', 'x-component': 'JSwitch' } } }, { enabled: 'N' });
    const sw = screen.getByRole('switch');
    expect(sw).not.toBeChecked();
    expect(sw).toHaveTextContent('否');
    await userEvent.click(sw);
    expect(form.values.enabled).toBe('Y');
    expect(sw).toBeChecked();
    await userEvent.click(sw);
    expect(form.values.enabled).toBe('N');
  });

  test('takes other value pairs', async () => {
    const { form } = renderSchema(
      { type: 'object', properties: { flag: { type: 'number', 'x-component': 'JSwitch', 'x-component-props': { options: [1, 0] } } } },
      { flag: 1 },
    );
    expect(screen.getByRole('switch')).toBeChecked();
    await userEvent.click(screen.getByRole('switch'));
    expect(form.values.flag).toBe(0);
  });
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

test('name-link navigates to its path with the query', async () => {
  render(
    <MemoryRouter initialEntries={['/start']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <JNameLink value="张三" path="/medicalRecords/list" query={{ detailId: 'd1', caseId: 7, formId: '' }} />
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: '张三' });
  expect(link).toHaveAttribute('href', '/medicalRecords/list?detailId=d1&caseId=7');
  await userEvent.click(link);
  expect(screen.getByTestId('where')).toHaveTextContent('/medicalRecords/list?detailId=d1&caseId=7');
});
