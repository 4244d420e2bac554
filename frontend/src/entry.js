import './page.css';
import './index.js';
