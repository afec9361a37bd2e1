import './index.css';
import { startApp } from './app/start';

void startApp();
