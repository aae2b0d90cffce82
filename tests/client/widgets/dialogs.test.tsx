import { render, screen, waitFor } from '@testing-library/react';
import { DoctorQrModal } from '../../../src/client/widgets/dialogs';
import { env, fakeServer } from './fake-server';
import { Providers } from './formily';

let server: ReturnType<typeof fakeServer>;
afterEach(() => server?.restore());

test('doctor QR pop-up: 600 wide, a spinner until the reply, then the code', async () => {
  let answer: (v: unknown) => void = () => undefined;
  server = fakeServer({ 'GET /api/sys/staff/user/wxmpQrCode': () => new Promise((r) => (answer = r)) });
  render(
    <Providers>
      <DoctorQrModal open doctorId="doc-7" onClose={() => undefined} />
    </Providers>,
  );
  expect(await screen.findByText('医生二维码')).toBeInTheDocument();
  expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('600px');
  expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
  await waitFor(() => expect(server.calls).toHaveLength(1));
  expect(server.calls[0].params.id).toBe('doc-7');
  answer(env('https://qr.example.cn/doc-7.png'));
  const img = await screen.findByRole('img', { name: '医生二维码' });
  expect(img).toHaveAttribute('src', 'https://qr.example.cn/doc-7.png');
  expect(document.querySelector('.ant-spin-spinning')).toBeNull();
});

test('doctor QR pop-up shows why it failed', async () => {
  server = fakeServer({ 'GET /api/sys/staff/user/wxmpQrCode': () => env(null, '该用户不是医生', false) });
  render(
    <Providers>
      <DoctorQrModal open doctorId="x" onClose={() => undefined} />
    </Providers>,
  );
  expect(await screen.findAllByText('该用户不是医生')).not.toHaveLength(0);
  expect(screen.queryByRole('img', { name: '医生二维码' })).not.toBeInTheDocument();
});
