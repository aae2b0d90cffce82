/**
 * Page definition types, generated from schemas/meta/page.schema.json (never written by hand). The
 * renderer imports them from here so that a rename in the generator touches one file.
 */
/** Pages arrive complete: entity pages with their derived parts (src/shared/page-derive). */
export type { ServedPage as PageDefinition } from '../../../shared/page-derive/index';
export type {
  PageApis,
  ApiRef,
  ApiCall,
  ValueRef,
  ValueMap,
  Scalar,
  Condition,
  FieldCondition,
  ListSettings,
  TreeSettings,
  QueryField,
  QuerySettings,
  PageColumn,
  PagePart,
  SubListProps,
  PermissionTreeProps,
  DepartTreeFilterProps,
  RecycleBinProps,
  RecycleBinCall,
  PageAction,
  ToolbarButton,
  PageToolbar,
  SuperQueryField,
  SuperQuerySettings,
  RowActions,
  FormLoad,
  PageForm,
  PageDetail,
  DetailField,
  FormSchema,
  FormReaction,
  ReactionState,
  ValidatorRule,
  SafeValue,
  SafeObject,
} from '../../../shared/schema-types';
