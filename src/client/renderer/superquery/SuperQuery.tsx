import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import type { SuperQueryCondition } from '../../../shared/query-rules';
import { t } from '../../locale/zh-CN';
import { onDemand } from '../../router/lazy';
import { OnDemand } from '../../router/OnDemand';
import type { SuperQueryField } from '../definition/types';
import type { MatchType } from './model';

// The builder (its dialogs, lines and saved queries) loads when 高级查询 is first pressed.
const SuperQueryBuilder = onDemand(() => import('./SuperQueryBuilder'), 'SuperQueryBuilder');

const L = t.renderer.superQuery;
export const SUPER_QUERY_WIDTH = 1000;

export interface SuperQueryProps {
  fields: readonly SuperQueryField[];
  /** Local storage name of the saved queries (`JSuperQuerySaved_…`). */
  storageKey: string;
  /** Whether conditions are in force on the list (shown on the button). */
  active: boolean;
  onSearch: (conditions: SuperQueryCondition[], matchType: MatchType) => void;
}

/** 高级查询 of a list's toolbar (marked while conditions are in force) and its builder (SuperQueryBuilder). */
export function SuperQuery({ active, ...builder }: SuperQueryProps) {
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      icon={<FilterOutlined />}
      type={active ? 'primary' : 'default'}
      ghost={active}
      onClick={() => setOpen(true)}
      onPointerEnter={() => SuperQueryBuilder.preload().catch(() => undefined)}
    >
      {L.button}
    </Button>
  );

  return (
    <>
      {active ? (
        <Tooltip title={L.active}>
          <Badge dot data-testid="super-query-active">
            {button}
          </Badge>
        </Tooltip>
      ) : (
        button
      )}
      <OnDemand when={open} onFailed={() => setOpen(false)}>
        <SuperQueryBuilder {...builder} open={open} onClose={() => setOpen(false)} />
      </OnDemand>
    </>
  );
}
