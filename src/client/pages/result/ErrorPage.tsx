import { ResultPage } from './ResultPage';

export default function ErrorPage() {
  return <ResultPage ok={false} />;
}
