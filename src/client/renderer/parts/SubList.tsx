import { Drawer } from 'antd';
import { useMemo } from 'react';
import type { SubListProps } from '../definition/types';
import { resolveValues } from '../definition/values';
import { ListPage } from '../list/ListPage';
import type { ActionPartProps } from './registry';

/**
 * A row's child list in a drawer (dictionary items, a menu's data rules): the inline page, with the
 * declared parameters (e.g. dictId from the row) on every list request and every added record.
 */
export default function SubList({ config, row, routeCode, onClose }: ActionPartProps) {
  const props = config.props as SubListProps;
  const fixed = useMemo(
    () => resolveValues(props.params, { row, route: { code: routeCode } }),
    [props.params, row, routeCode],
  );
  return (
    <Drawer
      open
      title={config.title ?? props.page.title}
      width={config.width ?? 900}
      onClose={onClose}
      destroyOnHidden
    >
      <ListPage page={{ ...props.page, kind: 'list' }} fixedParams={fixed} routeCode={routeCode} embedded />
    </Drawer>
  );
}
