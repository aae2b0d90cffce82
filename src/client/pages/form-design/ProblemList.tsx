import { Alert } from 'antd';
import { t } from '../../locale/zh-CN';
import { getNode, pathOfPointer } from './model';
import { select, useDesigner } from './store';

const L = t.formDesign;

/** The problems of the last save or check, each naming the field it concerns; clicking one selects it. */
export function ProblemList() {
  const problems = useDesigner((s) => s.problems);
  const schema = useDesigner((s) => s.definition?.schema);
  if (!problems.length || !schema) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="fd-problems"
      style={{ marginBottom: 12 }}
      message={L.problemsTitle(problems.length)}
      description={
        <ul className="fd-problems">
          {problems.map((p, i) => {
            const path = pathOfPointer(p.pointer);
            const node = path?.length ? getNode(schema, path) : undefined;
            const where = node ? node.title || path![path!.length - 1] : L.problemOfForm;
            return (
              <li key={i}>
                {node ? (
                  <a onClick={() => select(path)} title={p.pointer}>
                    {where}
                  </a>
                ) : (
                  <span title={p.pointer}>{where}</span>
                )}
                {`：${p.message}`}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
