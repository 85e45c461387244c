import { ComingSoon } from '../../components/coming-soon';

export function TesterConfirmationPage() {
  return (
    <ComingSoon
      title="Tester Order Success"
      description="The confirmation of your free in-store tester order."
    />
  );
}
