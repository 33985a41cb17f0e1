import Play from "./play.svg?component";
import Pause from "./pause.svg?component";
import Forward from "./forward.svg?component";
import Rewind from "./rewind.svg?component";

export {
  /** 播放 */
  Play,
  /** 暂停 */
  Pause,
  /** 快进 */
  Forward,
  /** 快退 */
  Rewind
};
