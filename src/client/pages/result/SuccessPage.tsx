import { ResultPage } from './ResultPage';

export default function SuccessPage() {
  return <ResultPage ok />;
}
