import { Button, Checkbox, Form, Input } from 'antd-mobile';

export function LoginPage() {
  return (
    <main style={{ minHeight: '100vh', background: 'linear-gradient(180deg,#e8f1ff 0%,#fff 45%)', padding: '64px 24px 24px' }}>
      <h1 style={{ fontSize: 26, margin: '0 0 8px', color: '#1f2329' }}>欢迎登录</h1>
      <p style={{ margin: '0 0 32px', color: '#646a73' }}>未来校园</p>
      <Form layout="vertical" footer={<Button block color="primary" size="large" type="submit">登录</Button>}>
        <Form.Item name="account" label="账号">
          <Input placeholder="请输入账号" clearable autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label="密码">
          <Input placeholder="请输入密码" type="password" clearable autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="agree">
          <Checkbox>我已阅读并同意《服务条款》和《隐私政策》</Checkbox>
        </Form.Item>
      </Form>
    </main>
  );
}
