import 'reflect-metadata';
import { createRoot } from 'react-dom/client';
import { App } from '../presentation/App';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App base="" />);
