import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * The suffix icons of closed cells — antd's own select arrow, calendar and search glass — as bare svg
 * elements made once. The icon components would add a wrapper, a context read and an effect to every
 * shell of every drawn row (the benchmark's mount time and DOM size doubled); a shared element costs
 * the two nodes the text glyphs did.
 */
function svgIcon(definition: IconDefinition) {
  const node = definition.icon as AbstractNode;
  return (
    <svg
      className="jet-shell-arrow"
      data-icon={definition.name}
      viewBox={node.attrs.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {node.children?.map((child, i) => (
        <path key={i} d={child.attrs.d} />
      ))}
    </svg>
  );
}

export const SELECT_ARROW = svgIcon(DownOutlined);
export const DATE_ICON = svgIcon(CalendarOutlined);
export const SEARCH_ICON = svgIcon(SearchOutlined);
