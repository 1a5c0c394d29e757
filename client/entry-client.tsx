import { startApp } from './app.tsx';
import './styles/app.css';

startApp();
