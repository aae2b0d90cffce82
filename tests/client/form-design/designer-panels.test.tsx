import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../src/shared/schema-types';
import { reactionOf } from '../../../src/client/pages/form-design/linkage';
import { Preview } from '../../../src/client/pages/form-design/Preview';
import { PropertyPanel } from '../../../src/client/pages/form-design/PropertyPanel';
import { getNode } from '../../../src/client/pages/form-design/model';
import { openDefinition, select, useDesigner } from '../../../src/client/pages/form-design/store';

/** A form with a radio and a number shown only for its answer 是 (the designer's linkage). */
function definition(linked: boolean): FormDefinition {
  return {
    $schema: '../meta/form.schema.json',
    code: 'crf_panel',
    title: '面板测试',
    schema: {
      type: 'object',
      properties: {
        smoke: {
          type: 'string',
          title: '是否吸烟',
          'x-decorator': 'FormItem',
          'x-component': 'JDictSelectTag',
          'x-component-props': { type: 'radio' },
          enum: [
            { label: '是', value: '1' },
            { label: '否', value: '0' },
          ],
        },
        cigarettes: {
          type: 'number',
          title: '每日吸烟量',
          'x-decorator': 'FormItem',
          'x-component': 'JInputNumber',
          ...(linked
            ? {
                'x-reactions': reactionOf({
                  effect: 'visible',
                  match: 'all',
                  conditions: [{ field: 'smoke', op: 'eq', value: '1' }],
                }),
              }
            : {}),
        },
      },
    },
  };
}

describe('form designer panels', () => {
  it('builds a linkage condition on another field of the form from the property panel', async () => {
    openDefinition(definition(false), false);
    select(['cigarettes']);
    render(<PropertyPanel />);
    expect((screen.getByTestId('fd-prop-name') as HTMLInputElement).value).toBe('cigarettes');
    fireEvent.click(screen.getByRole('button', { name: /添加联动/ }));
    await waitFor(() =>
      expect(getNode(useDesigner.getState().definition!.schema, ['cigarettes'])?.['x-reactions']).toEqual(
        reactionOf({
          effect: 'visible',
          match: 'all',
          conditions: [{ field: 'smoke', op: 'eq', value: '1' }],
        }),
      ),
    );
    // The condition names the other field by its title and offers its options.
    expect(screen.getByTestId('fd-condition-0-0')).toHaveTextContent('是否吸烟');
    expect(screen.getByTestId('fd-condition-0-0')).toHaveTextContent('是');
  });

  it('edits the title and says why a name cannot be used', async () => {
    openDefinition(definition(false), false);
    select(['smoke']);
    render(<PropertyPanel />);
    fireEvent.change(screen.getByTestId('fd-prop-title'), { target: { value: '吸烟' } });
    expect(getNode(useDesigner.getState().definition!.schema, ['smoke'])?.title).toBe('吸烟');
    const name = screen.getByTestId('fd-prop-name');
    fireEvent.change(name, { target: { value: 'cigarettes' } });
    expect(screen.getByText('同一层级已有此字段名')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: '1x' } });
    expect(screen.getByText('字段名须以字母开头，由字母、数字或下划线组成')).toBeInTheDocument();
  });

  it('previews the schema with the console renderer, the linkage running', async () => {
    render(<Preview definition={definition(true)} />);
    await screen.findByText('是否吸烟');
    expect(screen.queryByText('每日吸烟量')).toBeNull();
    fireEvent.click(await screen.findByLabelText('是'));
    await screen.findByText('每日吸烟量');
    fireEvent.click(screen.getByLabelText('否'));
    await waitFor(() => expect(screen.queryByText('每日吸烟量')).toBeNull());
  });
});
